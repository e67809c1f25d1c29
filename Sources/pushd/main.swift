import PushService
import HubDaemon

DaemonMain.run(PushDaemon.spec)
