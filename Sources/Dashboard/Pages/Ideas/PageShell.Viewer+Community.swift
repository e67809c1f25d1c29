/// What a member's role may do on the community pages, as ingest's `Role.allows` decides it:
/// owners and admins manage boards (`manageApps`) and publish the changelog (`publish`);
/// every member moderates, edits and merges ideas. The server refuses the rest anyway; the
/// pages only leave out controls that would be refused.
extension PageShell.Viewer {
    var managesBoards: Bool { role == "owner" || role == "admin" }
    var publishesChangelog: Bool { role == "owner" || role == "admin" }
}
