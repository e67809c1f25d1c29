import ChatService
import HubDaemon

DaemonMain.run(ChatDaemon.spec)
