import MarketService
import Shared

DaemonMain.run(MarketDaemon.spec)
