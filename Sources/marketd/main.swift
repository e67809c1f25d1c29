import MarketService
import HubDaemon

DaemonMain.run(MarketDaemon.spec)
