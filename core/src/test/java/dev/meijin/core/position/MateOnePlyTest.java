package dev.meijin.core.position;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Fixtures;
import dev.meijin.core.Move;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.testdata.TestData;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link Position#mate1Ply()} against brute force (play every legal move, non-promotions included, and ask
 * whether the opponent is checkmated): on every tsume problem of the test data, on the position before the
 * last move of every solution (a mate in one by construction), on the perft positions and seeded playouts,
 * and on all of these with the colours swapped. The mate-in-one problems whose solver-given result is mate
 * are mates for both.
 */
class MateOnePlyTest {

    private static final String[] TABLES = {"tsume/antma_positions.tsv", "tsume/edo_classics.tsv", "tsume/kif_derived.tsv",
            "tsume/tanuki_generated.tsv"};

    /**
     * The one-move problems of the tables: 204 rows with {@code plies} 1, of which 202 say {@code mate} (12 of
     * antma, 8 of kif_derived, 182 of tanuki) and 2 say {@code nomate} (antma-016 and antma-017). Five of the
     * mates hold only under the futile-interposition convention the notes name (the source's solver ignores
     * 無駄合): by the rules the defender can still interpose, so there is no mate in one there.
     */
    @Test
    void oneMoveProblemsAreSolved() {
        int solved = 0;
        List<String> noMate = new ArrayList<>(), futile = new ArrayList<>();
        for (String table : TABLES) {
            for (String[] row : TestData.tsv(table)) {
                if (!row[2].equals("1")) {
                    continue;
                }
                Position pos = load(row[1]);
                Set<Integer> mates = bruteForce(pos);
                int m = pos.mate1Ply();
                if (row[4].equals("mate") && mates.isEmpty() && row[9].contains("futile")) {
                    // The source counts it as mate because only futile interpositions (無駄合) remain; by the rules
                    // an interposition (or another reply) exists, and neither finds a mate.
                    assertThat(m).as("%s %s", row[0], row[1]).isEqualTo(Move.NONE);
                    futile.add(row[0]);
                } else if (row[4].equals("mate")) {
                    assertThat(mates).as("%s %s has a mate", row[0], row[1]).isNotEmpty();
                    assertThat(mates).as("%s %s: mate1Ply gave %s", row[0], row[1], Move.usi(m)).contains(m);
                    if (!row[3].isEmpty()) {
                        assertThat(mates).as("%s: the recorded solution mates", row[0]).contains(Usi.parseMove(pos, row[3]));
                    }
                    solved++;
                } else {
                    assertThat(mates).as("%s %s", row[0], row[1]).isEmpty();
                    assertThat(m).as("%s %s", row[0], row[1]).isEqualTo(Move.NONE);
                    noMate.add(row[0]);
                }
                assertThat(Sfen.format(pos)).as("position unchanged").isEqualTo(Sfen.format(load(row[1])));
            }
        }
        assertThat(solved).as("mates found").isEqualTo(197);
        assertThat(noMate).as("no mate, as the table says").containsExactly("antma-016", "antma-017");
        assertThat(futile).as("mates only under the futile-interposition convention")
                .containsExactly("antma-005", "antma-012", "antma-013", "antma-014", "kif-tsumemi-1te-10-kif");
    }

    @Test
    void agreesWithBruteForce() {
        List<String> sfens = positions();
        int withMate = 0, without = 0;
        for (String sfen : sfens) {
            Position pos = load(sfen);
            Set<Integer> mates = bruteForce(pos);
            int m = pos.mate1Ply();
            if (mates.isEmpty()) {
                assertThat(m).as("no mate in %s, mate1Ply gave %s", sfen, Move.usi(m)).isEqualTo(Move.NONE);
                without++;
            } else {
                assertThat(mates).as("mates in %s; mate1Ply gave %s", sfen, Move.usi(m)).contains(m);
                withMate++;
            }
        }
        // The positions are fixed: the tables, and playouts whose seeded choices pick from the generator's
        // move order. The split is the brute force's; a changed count means other positions were tested.
        assertThat(withMate).as("positions with a mate in one").isEqualTo(4_334);
        assertThat(without).as("positions without").isEqualTo(38_254);
    }

    /**
     * {@link Position#checksLeavingOnlyDrops} and {@link Position#hasNonDropEvasion} against brute force: every
     * check (non-promotions included) played and the legal replies listed; the checks after which every reply
     * is a drop (or there is none), in the generator's order, and after every check whether a reply is not a
     * drop.
     */
    @Test
    void checksLeavingOnlyDropsAgreeWithBruteForce() {
        int[] buf = new int[Position.MAX_MOVES];
        int onlyDrops = 0, interposedOnly = 0, checked = 0;
        for (String sfen : positions()) {
            Position pos = load(sfen);
            List<Integer> expected = new ArrayList<>();
            int n = pos.generate(GenType.CHECKS_ALL, buf, 0);
            int[] checks = java.util.Arrays.copyOf(buf, n);
            for (int c : checks) {
                pos.doMove(c);
                boolean nonDrop = false;
                int[] replies = pos.legalMoves();
                for (int r : replies) {
                    nonDrop |= !Move.isDrop(r);
                }
                assertThat(pos.hasNonDropEvasion()).as("after %s in %s", Move.usi(c), sfen).isEqualTo(nonDrop);
                checked++;
                pos.undoMove();
                if (!nonDrop) {
                    expected.add(c);
                    interposedOnly += replies.length > 0 ? 1 : 0;
                }
            }
            int end = pos.checksLeavingOnlyDrops(buf, 3);
            List<Integer> got = new ArrayList<>();
            for (int i = 3; i < end; i++) {
                got.add(buf[i]);
            }
            assertThat(got).as("checks leaving only drops in %s", sfen).isEqualTo(expected);
            onlyDrops += got.size();
        }
        // Counted by the brute force above over the same fixed positions as agreesWithBruteForce.
        assertThat(checked).as("checks played").isEqualTo(188_048);
        assertThat(onlyDrops).as("checks leaving only drops").isEqualTo(8_142);
        assertThat(interposedOnly).as("of them, checks that leave drops between checker and king").isEqualTo(2_700);
    }

    @Test
    void hasNonDropEvasionRefusesAPositionNotInCheck() {
        Position pos = Position.startpos();
        org.assertj.core.api.Assertions.assertThatThrownBy(pos::hasNonDropEvasion)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not in check");
    }

    /** The tsume positions with their solutions' positions, perft playouts and start playouts, both colours. */
    private static List<String> positions() {
        List<String> sfens = new ArrayList<>();
        for (String table : TABLES) {
            for (String[] row : TestData.tsv(table)) {
                sfens.add(row[1]);
                if (!row[3].isBlank()) {
                    Position pos = load(row[1]);
                    String[] moves = row[3].trim().split(" +");
                    for (int i = 0; i < moves.length - 1; i++) {
                        pos.doMove(Usi.parseMove(pos, moves[i]));
                        if (i % 2 == 1 || i == moves.length - 2) {
                            sfens.add(Sfen.format(pos));
                        }
                    }
                }
            }
        }
        for (String sfen : Fixtures.perftSfens()) {
            sfens.addAll(Fixtures.playoutSfens(sfen, sfen.hashCode(), 40));
        }
        for (long seed = 0; seed < 20; seed++) {
            sfens.addAll(Fixtures.playoutSfens(Sfen.STARTPOS, seed, 150));
        }
        List<String> flipped = new ArrayList<>();
        for (String s : sfens) {
            flipped.add(Fixtures.flip(s));
        }
        sfens.addAll(flipped);
        sfens.removeIf(s -> !CheckGeneratorTest.loadable(s));
        return sfens;
    }

    /** A problem position; composed problems may break the setup rules (nine pawns on a file), as records may. */
    private static Position load(String sfen) {
        return Position.ofRecord(Sfen.parse(sfen));
    }

    /** Every legal move (non-promotions included) after which the opponent is checkmated. */
    static Set<Integer> bruteForce(Position pos) {
        Set<Integer> out = new HashSet<>();
        for (int m : pos.legalMoves()) {
            pos.doMove(m);
            if (pos.isCheckmate()) {
                out.add(m);
            }
            pos.undoMove();
        }
        return out;
    }
}
