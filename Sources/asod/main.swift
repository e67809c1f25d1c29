import ASOService
import HubDaemon

DaemonMain.run(ASODaemon.spec)
