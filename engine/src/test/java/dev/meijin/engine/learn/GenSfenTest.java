package dev.meijin.engine.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Self-play generation at a fixed depth, and the settings it refuses. */
class GenSfenTest {

    @Test
    void aDepthLimitedRunWritesQuietPositionsWithResultsAndScores() throws InterruptedException {
        StringWriter out = new StringWriter();
        List<String> progress = new ArrayList<>();
        long n = GenSfen.run(new GenSfen.Settings(2, 1, 0, 3, 2), out, progress::add);
        String[] lines = out.toString().split("\n");
        assertThat(n).isEqualTo(lines.length).isGreaterThan(20);
        List<List<String[]>> games = new ArrayList<>();
        Position previous = null;
        for (String l : lines) {
            String[] f = l.split("\t");
            assertThat(f).hasSize(3);
            assertThat(f[1]).isIn("0.0", "0.5", "1.0");
            assertThat(Math.abs(Integer.parseInt(f[2]))).isLessThan(2500);
            // A legal position of a game from the start, after the random opening of at least 4 plies: sente is to
            // move on the odd move numbers. Quiet: not in check, and the game goes on from it.
            Position p = Sfen.position(f[0]);
            assertThat(Sfen.format(p)).isEqualTo(f[0]);
            assertThat(p.moveNumber()).as(l).isGreaterThanOrEqualTo(5);
            assertThat(p.sideToMove()).as(l).isEqualTo(p.moveNumber() % 2 == 1 ? Color.SENTE.index() : Color.GOTE.index());
            assertThat(p.inCheck()).as(l).isFalse();
            assertThat(p.hasNoLegalMove()).as(l).isFalse();
            // A game's positions come together, in the order played; the next game starts again near the start.
            if (previous == null || p.moveNumber() <= previous.moveNumber()) {
                games.add(new ArrayList<>());
            }
            games.getLast().add(f);
            previous = p;
        }
        assertThat(games).as("one run of positions per game").hasSize(2);
        for (List<String[]> game : games) {
            for (int i = 0; i + 1 < game.size(); i++) {
                Position p = Sfen.position(game.get(i)[0]);
                Position next = Sfen.position(game.get(i + 1)[0]);
                if (next.moveNumber() == p.moveNumber() + 1) {
                    // The next position was written too, so the move searched best here is known: it is the one
                    // legal move leading there, and it is not a capture.
                    int played = Move.NONE;
                    for (int m : p.legalMoves()) {
                        Position q = p.copy();
                        q.doMove(m);
                        if (Sfen.format(q).equals(game.get(i + 1)[0])) {
                            played = m;
                        }
                    }
                    assertThat(played).as("a move from %s to %s", game.get(i)[0], game.get(i + 1)[0]).isNotEqualTo(Move.NONE);
                    assertThat(!Move.isDrop(played) && p.pieceAt(Move.to(played)) != 0).as("%s captures", Move.usi(played)).isFalse();
                }
                // One game, one result: the same for the same side to move, and the other side's is its complement.
                String[] a = game.get(i), b = game.get(i + 1);
                double ra = Double.parseDouble(a[1]), rb = Double.parseDouble(b[1]);
                boolean sameSide = p.sideToMove() == next.sideToMove();
                assertThat(sameSide ? rb : 1 - rb).as("results of one game: %s / %s", String.join(" ", a), String.join(" ", b)).isEqualTo(ra);
            }
            // A decided game's last quiet position is already scored for the side that went on to win.
            String[] last = game.getLast();
            if (!last[1].equals("0.5")) {
                assertThat(Integer.signum(Integer.parseInt(last[2]))).as("score of %s", String.join(" ", last))
                        .isEqualTo(last[1].equals("1.0") ? 1 : -1);
            }
        }
    }

    @Test
    void settingsWithoutANodeOrDepthBoundAreRefused() {
        assertThatThrownBy(() -> new GenSfen.Settings(1, 1, 0, 1, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nodes 0, depth 0");
        assertThatThrownBy(() -> new GenSfen.Settings(0, 1, 100, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("games 0");
    }
}
