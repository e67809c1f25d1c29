import Foundation
import HubRuntime

/// pushd's email delivery thread: a pass when woken (an email was queued) and once a second
/// for retries, and at once again after a full pass. `stop()` waits for the pass under way.
final class EmailLoop: @unchecked Sendable {
    private let delivery: EmailDelivery
    private let logger: Logger
    private let condition = NSCondition()
    private var woken = false
    private var stopping = false
    private let finished = DispatchGroup()

    init(delivery: EmailDelivery, logger: Logger) {
        self.delivery = delivery
        self.logger = logger
    }

    func start() {
        finished.enter()
        let thread = Thread { [self] in
            run()
            finished.leave()
        }
        thread.name = "email-delivery"
        thread.start()
    }

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

    private func run() {
        while !isStopping {
            do {
                if try delivery.runPass() >= EmailDelivery.batch { continue }
            } catch {
                logger.error("email delivery pass failed", ["error": "\(error)"])
            }
            let until = Date().addingTimeInterval(1)
            condition.withLock {
                while !stopping && !woken && condition.wait(until: until) {}
                woken = false
            }
        }
    }
}
