import HubMessaging

/// Metadata calls: reading and publishing go to Apple from the work queue; the audit is local.
enum ASCMetadataHandlers {
    static func install(on rpc: RPCServer, work: ASCWorkQueue, metadata: ASCMetadata) {
        work.register(ASCMetadataRead.self) { try metadata.read($0) }
        work.register(ASCMetadataPublish.self) { try metadata.publish($0) }
        rpc.register(ASCMetadataAudit.self) { request, _ in
            ASCMetadataAudit.Response(items: try metadata.audit(projectId: request.projectId))
        }
    }
}
