import PushService
import Shared

DaemonMain.run(PushDaemon.spec)
