package dev.meijin.server.round;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.TimeControl;
import dev.meijin.server.game.GameStatus;
import dev.meijin.server.game.PlayerKind;
import dev.meijin.server.game.StoredGame;
import org.junit.jupiter.api.Test;

class KingCharactersTest {
    private static final StoredGame.Player TARO = new StoredGame.Player("Taro", PlayerKind.HUMAN, "h1");
    private static final StoredGame.Player HANAKO = new StoredGame.Player("Hanako", PlayerKind.HUMAN, "h2");
    private static final StoredGame.Player ENGINE = new StoredGame.Player("Meijin level 3", PlayerKind.ENGINE, null);

    private static StoredGame game(Handicap h, Integer level, StoredGame.Player sente, StoredGame.Player gote) {
        StoredGame.Terms terms = new StoredGame.Terms(h, "csa", TimeControl.UNLIMITED, level, Color.SENTE, false, false, null, false);
        return new StoredGame("abcdefgh", GameStatus.PLAYING, 0, 0L, 0, terms, sente, gote, 0, null);
    }

    @Test
    void betweenPeopleInAnEvenGameGoteIsTheSenior() {
        assertThat(KingCharacters.of(game(Handicap.EVEN, null, TARO, HANAKO))).isEqualTo(new KingCharacters("玉", "王"));
    }

    @Test
    void theHandicapGiverIsTheSeniorWhoeverPlays() {
        assertThat(KingCharacters.of(game(Handicap.ROOK, null, TARO, HANAKO))).isEqualTo(new KingCharacters("玉", "王"));
        // even a weak engine giving a handicap is the giver
        assertThat(KingCharacters.senior(game(Handicap.TWO_PIECE, 1, TARO, ENGINE))).isEqualTo(Color.GOTE);
        assertThat(KingCharacters.senior(game(Handicap.TWO_PIECE, 8, ENGINE, TARO))).isEqualTo(Color.GOTE);
    }

    @Test
    void inAnEvenGameTheEngineIsTheSeniorFromLevelFive() {
        for (int level = 1; level <= 8; level++) {
            Color expectedEngine = level >= 5 ? Color.GOTE : Color.SENTE;
            assertThat(KingCharacters.senior(game(Handicap.EVEN, level, TARO, ENGINE))).as("engine gote at level %d", level).isEqualTo(expectedEngine);
            assertThat(KingCharacters.senior(game(Handicap.EVEN, level, ENGINE, TARO))).as("engine sente at level %d", level)
                    .isEqualTo(expectedEngine.opposite());
        }
        assertThat(KingCharacters.of(game(Handicap.EVEN, 8, ENGINE, TARO))).isEqualTo(new KingCharacters("王", "玉"));
        assertThat(KingCharacters.of(game(Handicap.EVEN, 2, ENGINE, TARO))).isEqualTo(new KingCharacters("玉", "王"));
        // no level given: the engine plays at full strength
        assertThat(KingCharacters.senior(game(Handicap.EVEN, null, ENGINE, TARO))).isEqualTo(Color.SENTE);
    }
}
