/// Every word of the hosted roadmap and changelog in one language; one table per language
/// (`RoadmapCopy+English`, `RoadmapCopy+Spanish`), so a new string is added to each.
public struct RoadmapCopy: Sendable {
    let roadmap: String
    let changelog: String
    let skip: String
    let boards: String
    let allBoards: String
    let search: String
    let searchLabel: String
    let sortLabel: String
    let sortTop: String
    let sortRecent: String
    let sortDiscussed: String
    let ideas: String
    let noIdeas: String
    let noResults: String
    let emptyColumn: String
    let seeAll: String
    let vote: String
    let voted: String
    let removeVote: String
    let votes: @Sendable (Int) -> String
    let comments: @Sendable (Int) -> String
    let pinned: String
    let noStatus: String
    let openInApp: String
    let suggestTitle: String
    let boardLabel: String
    let titleLabel: String
    let titleHint: String
    let descriptionLabel: String
    let descriptionHint: String
    let nameLabel: String
    let nameHint: String
    let sendIdea: String
    let commentsTitle: String
    let noComments: String
    let commentLabel: String
    let commentHint: String
    let sendComment: String
    let official: String
    let anonymous: String
    let backToRoadmap: String
    let nextPage: String
    let firstPage: String
    let signedInAs: @Sendable (String) -> String
    let signOut: String
    let ideaSent: String
    let ideaPending: String
    let commentSent: String
    let commentPending: String
    let voteSaved: String
    let signedIn: String
    let signedOut: String
    let handoffTitle: String
    let handoffUsed: String
    let handoffExpired: String
    let handoffUnknown: String
    let handoffHint: String
    let notFoundTitle: String
    let notFound: String
    let refusedTitle: String
    let staleForm: String
    let foreignOrigin: String
    let needsSignIn: String
    let actionDisabled: String
    let tooMany: String
    let problemsTitle: String
    let failed: String
    let goBack: String
    let published: String
    let feed: String
    let noEntries: String
    let poweredBy: String
}
