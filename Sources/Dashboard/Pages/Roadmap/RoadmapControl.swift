/// What a visitor may do with one action of a board (submit, vote, comment), from its policy:
/// `anyone` is open to every visitor, `identified` to a visitor signed in through the app's
/// handoff, `disabled` to nobody and its control is not drawn.
public enum RoadmapControl: Sendable, Equatable {
    case open
    /// Allowed after signing in from the app; the page says so instead of drawing the form.
    case signIn
    case hidden
}
