import HubDaemon
import MarketService

DaemonMain.run(MarketDaemon.spec)
