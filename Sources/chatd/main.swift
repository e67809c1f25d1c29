import ChatService
import Shared

DaemonMain.run(ChatDaemon.spec)
