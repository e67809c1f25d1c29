import Foundation
import HubRuntime

/// pushd's two Telegram threads: delivery (woken by every commit that queues posts, and once a
/// second for retries and pauses) and `getUpdates` polling for connections without a webhook.
/// Each owns its Bot API connection; `stop()` ends both promptly.
final class TelegramLoops: @unchecked Sendable {
    /// The long-poll wait asked of Telegram; short, so shutdown is never held long.
    static let pollTimeout = 2
    private let store: PushStore
    private let delivery: TelegramDelivery
    private let inbound: TelegramInbound
    private let pollAPI: TelegramBotAPI
    private let logger: Logger
    private let condition = NSCondition()
    private var woken = false
    private var stopping = false
    private let finished = DispatchGroup()

    init(store: PushStore, delivery: TelegramDelivery, inbound: TelegramInbound, pollAPI: TelegramBotAPI, logger: Logger) {
        self.store = store
        self.delivery = delivery
        self.inbound = inbound
        self.pollAPI = pollAPI
        self.logger = logger
    }

    func start() {
        for (name, body) in [("telegram-delivery", deliverLoop), ("telegram-polling", pollLoop)] as [(String, () -> Void)] {
            finished.enter()
            let thread = Thread.named(name) { [finished] in
                body()
                finished.leave()
            }
            thread.start()
        }
    }

    /// Delivery looks at the queues now.
    func wake() {
        condition.withLock {
            woken = true
            condition.broadcast()
        }
    }

    func stop() {
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
        finished.wait()
    }

    private var isStopping: Bool { condition.withLock { stopping } }

    private func pause(_ seconds: TimeInterval) {
        let until = Date().addingTimeInterval(seconds)
        condition.withLock {
            while !stopping && !woken && condition.wait(until: until) {}
            woken = false
        }
    }

    private func deliverLoop() {
        while !isStopping {
            do {
                if try delivery.runPass() > 0 { continue }
            } catch {
                logger.error("telegram delivery pass failed", ["error": "\(error)"])
            }
            pause(1)
        }
    }

    private func pollLoop() {
        while !isStopping {
            var polled = false
            do {
                let polling = try store.telegramIntegrations().filter { $0.mode == .polling && $0.errorCode != "TOKEN_REJECTED" }
                for integration in polling where !isStopping {
                    polled = true
                    poll(integration, timeout: polling.count == 1 ? Self.pollTimeout : 0)
                }
            } catch {
                logger.error("telegram polling failed", ["error": "\(error)"])
            }
            if !polled { sleepUnlessStopping(1) } else if isStopping { return }
        }
    }

    private func sleepUnlessStopping(_ seconds: TimeInterval) {
        let until = Date().addingTimeInterval(seconds)
        condition.withLock {
            while !stopping && condition.wait(until: until) {}
        }
    }

    /// One `getUpdates` round: updates are handled in order and the offset saved after each, so
    /// a failure stops at that update and it is fetched again next time.
    private func poll(_ integration: TelegramIntegration, timeout: Int) {
        guard let token = try? store.openToken(integration) else { return }
        let parameters: [String: Any] = [
            "offset": integration.updateOffset, "timeout": timeout, "allowed_updates": ["message", "my_chat_member"],
        ]
        switch pollAPI.call(token: token, "getUpdates", parameters, timeout: TimeInterval(timeout + 10)) {
        case .success(let result):
            for update in result as? [[String: Any]] ?? [] {
                guard let updateId = TelegramInbound.int(update["update_id"]) else { continue }
                do {
                    guard let current = try store.telegramIntegration(id: integration.id) else { return }
                    _ = try inbound.handle(update, integration: current)
                    try store.saveTelegramOffset(integrationId: integration.id, offset: updateId + 1)
                } catch {
                    logger.warn("telegram update not handled; fetched again", ["integration": integration.id, "error": "\(error)"])
                    sleepUnlessStopping(1)
                    return
                }
            }
        case .failure(let failure):
            if failure.kind == .unauthorized {
                let problem = TelegramProblem.describe(.unauthorized)!
                try? store.haltTelegram(integrationId: integration.id, code: problem.code, message: problem.message)
            } else if failure.status == 409 {
                // A webhook is still registered (set elsewhere for this bot): polling needs it gone.
                _ = pollAPI.call(token: token, "deleteWebhook", [:])
            } else {
                sleepUnlessStopping(1)
            }
        }
    }
}
