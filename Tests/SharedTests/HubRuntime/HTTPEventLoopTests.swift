import XCTest

@testable import HubRuntime

final class HTTPEventLoopTests: XCTestCase {
    func testAutomaticIsPollOnALoopbackAddressAndEpollOnAnyOther() {
        for host in ["127.0.0.1", "localhost", "127.8.9.10", "127.255.255.255", "::1"] {
            XCTAssertEqual(HTTPEventLoop.automatic.resolved(forHost: host), .poll, host)
        }
        for host in ["0.0.0.0", "10.0.0.2", "126.255.255.255", "128.0.0.1", "192.168.1.5", "::", "example.com", ""] {
            XCTAssertEqual(HTTPEventLoop.automatic.resolved(forHost: host), .epoll, host)
        }
    }

    func testAChosenLoopIsKeptWhateverTheAddress() {
        for host in ["127.0.0.1", "0.0.0.0"] {
            XCTAssertEqual(HTTPEventLoop.poll.resolved(forHost: host), .poll)
            XCTAssertEqual(HTTPEventLoop.epoll.resolved(forHost: host), .epoll)
        }
    }

    func testTheSettingIsAutoWhenUnsetAndRefusesOtherWords() throws {
        XCTAssertEqual(try HTTPEventLoop.parse(nil), .automatic)
        XCTAssertEqual(try HTTPEventLoop.parse("auto"), .automatic)
        XCTAssertEqual(try HTTPEventLoop.parse("poll"), .poll)
        XCTAssertEqual(try HTTPEventLoop.parse("epoll"), .epoll)
        for bad in ["select", "EPOLL", "automatic", " poll"] {
            XCTAssertThrowsError(try HTTPEventLoop.parse(bad)) { error in
                XCTAssertEqual(
                    error as? ConfigError,
                    .invalid(name: "APPNORTH_HTTP_EVENT_LOOP", value: bad, reason: "expected auto, poll or epoll"))
            }
        }
    }
}
