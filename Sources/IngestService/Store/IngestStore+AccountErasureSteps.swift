extension IngestStore {
    /// One delete of an account erasure: the kind it is reported as, and what it binds in
    /// order: the organization ID, or a JSON array of its project IDs or of the users who
    /// belong to it alone.
    struct OrganizationErasureStep {
        enum Bind { case organization, projects, soleUsers }
        let kind: String
        let sql: String
        let binds: [Bind]
    }

    /// Every table naming the organization or its apps, children before parents (foreign keys
    /// are on). Operator idempotency records have no project: they go by their author (the
    /// organization's tokens and members) or by naming one of its reports in their route.
    static let organizationErasureSteps: [OrganizationErasureStep] = {
        let inProjects = "project_id IN (SELECT value FROM json_each(?))"
        let reports = "feedback_id IN (SELECT id FROM feedback WHERE \(inProjects))"
        let members = "SELECT id FROM organization_members WHERE organization_id = ?"
        // Users of this organization only go with it, with every session and code of theirs.
        let soleUsers = "SELECT value FROM json_each(?)"
        func step(_ kind: String, _ sql: String, _ binds: OrganizationErasureStep.Bind...) -> OrganizationErasureStep {
            OrganizationErasureStep(kind: kind, sql: sql, binds: binds)
        }
        return [
            step(
                "idempotencyRecords",
                """
                DELETE FROM idempotency_records WHERE \(inProjects) OR (project_id = '' AND (
                    scope IN (SELECT 'token:' || id FROM api_tokens WHERE organization_id = ?)
                    OR scope IN (SELECT 'member:' || id FROM organization_members WHERE organization_id = ?)
                    OR EXISTS (SELECT 1 FROM feedback f WHERE f.\(inProjects) AND instr(idempotency_records.route, f.id) > 0)))
                """, .projects, .organization, .organization, .projects),
            step("reportLabels", "DELETE FROM feedback_labels WHERE \(reports)", .projects),
            step("reportEvents", "DELETE FROM feedback_events WHERE \(reports)", .projects),
            step("replies", "DELETE FROM feedback_replies WHERE \(reports)", .projects),
            step("reviewPromotions", "DELETE FROM review_promotions WHERE \(inProjects)", .projects),
            step("reports", "DELETE FROM feedback WHERE \(inProjects)", .projects),
            step("votes", "DELETE FROM votes WHERE idea_id IN (SELECT id FROM ideas WHERE \(inProjects))", .projects),
            step("comments", "DELETE FROM comments WHERE \(inProjects)", .projects),
            step("ideas", "DELETE FROM ideas WHERE \(inProjects)", .projects),
            step("statuses", "DELETE FROM board_statuses WHERE board_id IN (SELECT id FROM boards WHERE \(inProjects))", .projects),
            step("boards", "DELETE FROM boards WHERE \(inProjects)", .projects),
            step("changelogEntries", "DELETE FROM changelog_entries WHERE \(inProjects)", .projects),
            step("handoffCodes", "DELETE FROM handoff_codes WHERE \(inProjects)", .projects),
            step("roadmapSessions", "DELETE FROM roadmap_sessions WHERE \(inProjects)", .projects),
            step(
                "events",
                """
                DELETE FROM outbox WHERE \(inProjects)
                    OR (json_valid(payload) AND json_extract(payload, '$.organizationId') = ?)
                """, .projects, .organization),
            step("notificationReads", "DELETE FROM notification_reads WHERE organization_id = ?", .organization),
            step("mcpCredits", "DELETE FROM mcp_credit_usage WHERE organization_id = ?", .organization),
            step("emailPreferences", "DELETE FROM email_alert_preferences WHERE member_id IN (\(members))", .organization),
            step(
                "sessions", "DELETE FROM user_sessions WHERE organization_id = ? OR user_id IN (\(soleUsers))",
                .organization, .soleUsers),
            step(
                "invitations", "DELETE FROM account_codes WHERE organization_id = ? OR user_id IN (\(soleUsers))",
                .organization, .soleUsers),
            step("apiTokens", "DELETE FROM api_tokens WHERE organization_id = ?", .organization),
            step("members", "DELETE FROM organization_members WHERE organization_id = ?", .organization),
            // "Request a feature" attempts are counted per person, not per organization.
            step("featureRequestAttempts", "DELETE FROM feature_request_attempts WHERE user_id IN (\(soleUsers))", .soleUsers),
            step("users", "DELETE FROM users WHERE id IN (\(soleUsers))", .soleUsers),
            step("projects", "DELETE FROM projects WHERE organization_id = ?", .organization),
            // Its erasures stay to be followed, naming no one: a participant's pending one is
            // finished by this one.
            step(
                "erasureSubjects",
                """
                UPDATE erasures SET organization_id = '', project_id = NULL, owner_kind = NULL, owner_value = NULL,
                    conversation_ids = '[]', state = CASE WHEN subject_kind = 'participant' THEN 'done' ELSE state END
                WHERE organization_id = ?
                """, .organization),
            step("organizations", "DELETE FROM organizations WHERE id = ?", .organization),
        ]
    }()
}
