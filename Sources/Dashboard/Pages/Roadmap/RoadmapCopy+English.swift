extension RoadmapCopy {
    static let english = RoadmapCopy(
        roadmap: "Roadmap",
        changelog: "Changelog",
        skip: "Skip to content",
        boards: "Boards",
        allBoards: "All boards",
        search: "Search",
        searchLabel: "Search ideas",
        sortLabel: "Sort",
        sortTop: "Top",
        sortRecent: "Recent",
        sortDiscussed: "Discussed",
        ideas: "Ideas",
        noIdeas: "No ideas yet. Be the first to suggest one.",
        noResults: "No idea matches this search.",
        emptyColumn: "Nothing here yet.",
        seeAll: "See all",
        vote: "Vote",
        voted: "Voted",
        removeVote: "Remove my vote",
        votes: { $0 == 1 ? "1 vote" : RoadmapCopy.grouped($0, ",") + " votes" },
        comments: { $0 == 1 ? "1 comment" : RoadmapCopy.grouped($0, ",") + " comments" },
        pinned: "Pinned",
        noStatus: "Open",
        openInApp: "Open this roadmap from the app to take part.",
        suggestTitle: "Suggest an idea",
        boardLabel: "Board",
        titleLabel: "Title",
        titleHint: "4 to 140 characters.",
        descriptionLabel: "Details",
        descriptionHint: "Optional, up to 4,000 characters.",
        nameLabel: "Your name",
        nameHint: "Optional, shown with your idea.",
        sendIdea: "Send idea",
        commentsTitle: "Comments",
        noComments: "No comments yet.",
        commentLabel: "Add a comment",
        commentHint: "2 to 2,000 characters.",
        sendComment: "Comment",
        official: "Official reply",
        anonymous: "Someone",
        backToRoadmap: "All ideas",
        nextPage: "Next page",
        firstPage: "First page",
        signedInAs: { "Signed in as " + $0 },
        signOut: "Sign out",
        ideaSent: "Thanks! Your idea is on the roadmap.",
        ideaPending: "Thanks! Your idea appears once the team has reviewed it.",
        commentSent: "Your comment was added.",
        commentPending: "Thanks! Your comment appears once the team has reviewed it.",
        voteSaved: "Your vote was saved.",
        signedIn: "You are signed in with your account from the app.",
        signedOut: "You signed out of this roadmap.",
        handoffTitle: "This sign-in link cannot be used",
        handoffUsed: "This link was already used. Each link signs in once.",
        handoffExpired: "This link has expired. Links work for 60 seconds.",
        handoffUnknown: "This link is not valid for this roadmap.",
        handoffHint: "Open the roadmap from the app again to get a new link. You can still read the roadmap without signing in.",
        notFoundTitle: "Not found",
        notFound: "There is nothing here. It may have been removed or merged.",
        refusedTitle: "Not done",
        staleForm: "This page is out of date. Reload it and try again.",
        foreignOrigin: "This request did not come from this roadmap, so nothing was changed.",
        needsSignIn: "This board takes part only from the app: open the roadmap from the app, then try again.",
        actionDisabled: "This is not possible on this board.",
        tooMany: "Too many requests. Wait a moment, then try again.",
        problemsTitle: "Please check what you typed",
        failed: "Something went wrong. Try again in a moment.",
        goBack: "Go back",
        published: "Published",
        feed: "Atom feed",
        noEntries: "Nothing published yet.",
        poweredBy: "Powered by AppNorth")
}

extension RoadmapCopy {
    /// `12345` as `12,345` (or `12.345`): digits grouped by three with `separator`.
    static func grouped(_ number: Int, _ separator: String) -> String {
        let digits = String(number.magnitude)
        var out = number < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += separator }
            out.append(digit)
        }
        return out
    }
}
