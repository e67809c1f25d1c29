import Foundation
import HubDaemon
import IngestService

// The subcommands write backups and keys: private to the hub's user, as the daemon's files are.
umask(0o077)
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "backup" {
    guard arguments.count == 2, let directory = arguments.last, directory.hasPrefix("/") else {
        FileHandle.standardError.write(Data("usage: ingest backup /absolute/directory\n".utf8))
        exit(2)
    }
    exit(BackupCommand.run(directory: directory))
}
if arguments.first == "user" {
    exit(UserAddCommand.run(arguments: Array(arguments)))
}
if arguments.first == "curve-keypair" {
    exit(CurveKeypairCommand.run())
}
DaemonMain.run(IngestDaemon.spec())
