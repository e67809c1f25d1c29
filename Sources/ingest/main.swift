import Foundation
import HubDaemon
import IngestService

// The subcommands write backups and keys: private to the hub's user, as the daemon's files are.
umask(0o077)
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "backup" {
    let offline = arguments.count == 3 && arguments.dropFirst().first == "--offline"
    guard arguments.count == 2 || offline, let directory = arguments.last, directory.hasPrefix("/") else {
        FileHandle.standardError.write(Data("usage: ingest backup [--offline] /absolute/directory\n".utf8))
        exit(2)
    }
    exit(offline ? BackupCommand.runOffline(directory: directory) : BackupCommand.run(directory: directory))
}
if arguments.first == "verify-backup" {
    guard arguments.count == 2, let directory = arguments.last else {
        FileHandle.standardError.write(Data("usage: ingest verify-backup DIRECTORY\n".utf8))
        exit(2)
    }
    exit(VerifyBackupCommand.run(directory: directory))
}
if arguments.first == "user" {
    exit(UserAddCommand.run(arguments: Array(arguments)))
}
if arguments.first == "curve-keypair" {
    exit(CurveKeypairCommand.run())
}
DaemonMain.run(IngestDaemon.spec())
