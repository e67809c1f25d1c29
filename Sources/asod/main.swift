import ASOService
import Shared

DaemonMain.run(ASODaemon.spec)
