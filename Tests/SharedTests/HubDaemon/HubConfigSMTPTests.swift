import XCTest

@testable import HubDaemon
@testable import HubRuntime

/// `APPNORTH_SMTP_*`: email is off without a URL; STARTTLS unless the URL says otherwise; the
/// sender is required; credentials never travel in the URL and the password is never printed.
final class HubConfigSMTPTests: XCTestCase {
    private func smtp(_ env: [String: String]) throws -> SMTPSettings? {
        try HubConfig(environment: env, currentDirectory: "/srv/hub").smtp
    }

    func testWithoutAURLEmailIsOff() throws {
        XCTAssertNil(try smtp([:]))
        XCTAssertNil(try smtp(["APPNORTH_SMTP_FROM": "hub@north.example"]))
    }

    func testTheSchemeAndQueryChooseHowTLSIsUsed() throws {
        let from = ["APPNORTH_SMTP_FROM": "North <hub@north.example>"]
        let starttls = try XCTUnwrap(try smtp(from.merging(["APPNORTH_SMTP_URL": "smtp://mail.example.com:587"]) { $1 }))
        XCTAssertEqual(starttls.security, .startTLS)
        XCTAssertEqual(starttls.url, "smtp://mail.example.com:587")
        XCTAssertEqual(starttls.from, EmailAddress(address: "hub@north.example", name: "North"))
        XCTAssertEqual(starttls.retryBase, 60)
        XCTAssertEqual(try smtp(from.merging(["APPNORTH_SMTP_URL": "smtps://mail.example.com"]) { $1 })?.security, .implicitTLS)
        let relay = try smtp(from.merging(["APPNORTH_SMTP_URL": "smtp://127.0.0.1:25?tls=none"]) { $1 })
        XCTAssertEqual(relay?.security, SMTPSettings.Security.none)
        XCTAssertEqual(relay?.url, "smtp://127.0.0.1:25")
        // tls=none on smtps://, another query, another scheme: refused
        for url in ["smtps://mail.example.com?tls=none", "smtp://mail.example.com?tls=off", "http://mail.example.com"] {
            XCTAssertThrowsError(try smtp(from.merging(["APPNORTH_SMTP_URL": url]) { $1 }), url)
        }
    }

    func testASenderIsRequiredAndMustBeAnAddress() {
        XCTAssertThrowsError(try smtp(["APPNORTH_SMTP_URL": "smtp://mail.example.com"])) {
            XCTAssertEqual($0 as? ConfigError, .missing(name: "APPNORTH_SMTP_FROM"))
        }
        XCTAssertThrowsError(try smtp(["APPNORTH_SMTP_URL": "smtp://mail.example.com", "APPNORTH_SMTP_FROM": "North Hub"]))
    }

    func testThePasswordIsNeitherInTheURLNorPrinted() throws {
        // Given credentials in the URL, then they are refused without being repeated
        XCTAssertThrowsError(
            try smtp(["APPNORTH_SMTP_URL": "smtp://hub:hunter22@mail.example.com", "APPNORTH_SMTP_FROM": "hub@north.example"])
        ) {
            XCTAssertFalse("\($0)".contains("hunter22"))
            if case .invalid(_, let value, _) = $0 as? ConfigError { XCTAssertFalse(value.contains("hunter22")) }
        }
        // Given them in their variables, then the settings print without the password
        let settings = try XCTUnwrap(
            try smtp([
                "APPNORTH_SMTP_URL": "smtp://mail.example.com", "APPNORTH_SMTP_FROM": "hub@north.example", "APPNORTH_SMTP_USER": "hub",
                "APPNORTH_SMTP_PASSWORD": "hunter22",
            ]))
        XCTAssertEqual(settings.password, "hunter22")
        XCTAssertFalse("\(settings)".contains("hunter22"))
    }
}
