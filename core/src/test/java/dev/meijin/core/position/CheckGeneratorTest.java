package dev.meijin.core.position;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Fixtures;
import dev.meijin.core.Move;
import dev.meijin.core.sfen.Sfen;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The check generator against the legal moves filtered by {@link Position#givesCheck(int)}: the same moves,
 * each once, for every generation type that asks for checks, on every perft position, on the positions of
 * seeded playouts from them and from the start, and on all of these with the colours swapped.
 */
@Tag("slow")
class CheckGeneratorTest {

    static Stream<String> positions() {
        List<String> out = new ArrayList<>();
        for (String sfen : Fixtures.perftSfens()) {
            out.addAll(Fixtures.playoutSfens(sfen, sfen.hashCode(), 60));
        }
        for (long seed = 0; seed < 20; seed++) {
            out.addAll(Fixtures.playoutSfens(Sfen.STARTPOS, seed, 150));
        }
        List<String> flipped = new ArrayList<>();
        for (String s : out) {
            flipped.add(Fixtures.flip(s));
        }
        out.addAll(flipped);
        return out.stream().filter(CheckGeneratorTest::loadable);
    }

    @ParameterizedTest
    @MethodSource("positions")
    void sameMovesAsFilteringTheLegalMoves(String sfen) {
        Position pos = Fixtures.load(sfen);
        int[] buf = new int[Position.MAX_MOVES];
        int legal = GenType.LEGAL.flags, legalAll = GenType.LEGAL_ALL.flags;
        for (int flags : new int[] {legal, legalAll, MoveGenerator.GEN_CAPTURES, MoveGenerator.GEN_QUIETS,
                MoveGenerator.GEN_CAPTURES | MoveGenerator.GEN_ALL, MoveGenerator.GEN_QUIETS | MoveGenerator.GEN_ALL}) {
            int n = MoveGenerator.generate(pos, flags, buf, 0);
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (pos.givesCheck(buf[i])) {
                    expected.add(buf[i]);
                }
            }
            int m = MoveGenerator.generate(pos, flags | MoveGenerator.GEN_CHECKS, buf, 3);
            assertThat(sorted(buf, 3, m)).as("checks with flags %d in %s", flags, sfen).isEqualTo(sortedList(expected));
            if (flags == legal || flags == legalAll) {
                GenType type = flags == legal ? GenType.CHECKS : GenType.CHECKS_ALL;
                int g = pos.generate(type, buf, 0);
                assertThat(sorted(buf, 0, g)).as("%s in %s", type, sfen).isEqualTo(sortedList(expected));
            }
        }
    }

    /** Playouts from a mate problem reach positions where the side not to move has no king, which no position accepts. */
    static boolean loadable(String sfen) {
        String[] f = sfen.split(" ");
        return f[0].indexOf(f[1].equals("b") ? 'k' : 'K') >= 0;
    }

    private static List<String> sorted(int[] buf, int from, int to) {
        int[] a = Arrays.copyOfRange(buf, from, to);
        Arrays.sort(a);
        List<String> out = new ArrayList<>();
        for (int m : a) {
            out.add(Move.usi(m) + "#" + m);
        }
        return out;
    }

    private static List<String> sortedList(List<Integer> moves) {
        int[] a = moves.stream().mapToInt(Integer::intValue).toArray();
        return sorted(a, 0, a.length);
    }
}
