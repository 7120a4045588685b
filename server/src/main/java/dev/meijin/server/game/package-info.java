/**
 * Stored games: the {@link dev.meijin.server.game.StoredGame} record, its moves with the clock readings after
 * each, and the {@link dev.meijin.server.game.GameRepository} over JDBI on H2 or PostgreSQL with Flyway
 * migrations. Depends on the rules core only for its value types; never on the live round or the sockets.
 */
package dev.meijin.server.game;
