import HubDaemon
import PushService

DaemonMain.run(PushDaemon.spec)
