/// Who an idea or comment of an erased participant is by: the text stored in place of their
/// name, so the public API, the hosted pages and the dashboard all show it without a rule of
/// their own.
public enum ErasedAuthor {
    public static let name = "Deleted user"
}
