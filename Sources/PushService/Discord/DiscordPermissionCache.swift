import Foundation
import HubMessaging

/// What one pass learns about a server's permissions, asked of Discord once per pass: the
/// guild's owner and roles, the channel's overwrites, each member's roles. Answers whether a
/// user is the team on the channel (View Channel and Manage Messages), or for the bot, which
/// permissions it has on each channel.
struct DiscordPermissionCache {
    let api: DiscordAPI
    let guildId: String
    let channelId: String
    private var guild: (ownerId: String, roles: [DiscordPermissions.Role])?
    private var overwrites: [String: [DiscordPermissions.Overwrite]] = [:]
    private var members: [String: [String]?] = [:]

    init(api: DiscordAPI, guildId: String, channelId: String) {
        self.api = api
        self.guildId = guildId
        self.channelId = channelId
    }

    /// nil when Discord could not be asked (the message is read again next pass).
    mutating func isTeam(userId: String) -> Bool? {
        guard let granted = permissions(userId: userId, channelId: channelId) else { return nil }
        let needed = DiscordPermissions.viewChannel | DiscordPermissions.manageMessages
        return granted & needed == needed
    }

    /// The user's permissions on a channel; 0 for someone not in the server.
    mutating func permissions(userId: String, channelId: String, channel: [String: Any]? = nil) -> UInt64? {
        guard let guild = loadGuild() else { return nil }
        if members[userId] == nil {
            switch api.bot("GET", "/guilds/\(guildId)/members/\(userId)") {
            case .success(let result): members[userId] = .some(((result as? [String: Any])?["roles"] as? [String]) ?? [])
            case .failure(let failure) where failure.status == 404: members[userId] = .some(nil)
            case .failure: return nil
            }
        }
        guard let roles = members[userId] ?? nil else { return 0 }
        if overwrites[channelId] == nil {
            if let channel {
                overwrites[channelId] = Self.overwrites(of: channel)
            } else {
                guard case .success(let result) = api.bot("GET", "/channels/\(channelId)") else { return nil }
                overwrites[channelId] = Self.overwrites(of: result as? [String: Any] ?? [:])
            }
        }
        return DiscordPermissions.compute(
            guildId: guildId, ownerId: guild.ownerId, userId: userId, roles: guild.roles, memberRoleIds: roles,
            overwrites: overwrites[channelId] ?? [])
    }

    private mutating func loadGuild() -> (ownerId: String, roles: [DiscordPermissions.Role])? {
        if let guild { return guild }
        guard case .success(let info) = api.bot("GET", "/guilds/\(guildId)"),
            case .success(let roleList) = api.bot("GET", "/guilds/\(guildId)/roles")
        else { return nil }
        let roles = (roleList as? [[String: Any]] ?? []).compactMap { role -> DiscordPermissions.Role? in
            guard let id = role["id"] as? String else { return nil }
            return DiscordPermissions.Role(id: id, permissions: Self.bits(role["permissions"]))
        }
        let loaded = (ownerId: (info as? [String: Any])?["owner_id"] as? String ?? "", roles: roles)
        guild = loaded
        return loaded
    }

    static func overwrites(of channel: [String: Any]) -> [DiscordPermissions.Overwrite] {
        (channel["permission_overwrites"] as? [[String: Any]] ?? []).compactMap { entry in
            guard let id = entry["id"] as? String else { return nil }
            let type = (entry["type"] as? NSNumber)?.intValue ?? 0
            return DiscordPermissions.Overwrite(
                id: id, type: type == 1 ? .member : .role, allow: bits(entry["allow"]), deny: bits(entry["deny"]))
        }
    }

    /// Discord sends permission sets as decimal strings.
    static func bits(_ value: Any?) -> UInt64 {
        if let text = value as? String { return UInt64(text) ?? 0 }
        return (value as? NSNumber)?.uint64Value ?? 0
    }
}
