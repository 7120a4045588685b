package dev.meijin.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.sfen.SfenException;
import dev.meijin.core.usi.Usi;
import dev.meijin.core.usi.UsiMoveException;
import dev.meijin.testdata.Mutations;
import dev.meijin.testdata.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The core's text inputs, SFEN and USI moves, broken at random from real ones (fixed seeds, so that failures
 * reproduce): each either reads or fails with its documented exception, {@link SfenException} or
 * {@link UsiMoveException}, never with another exception or a hang; what reads is well formed (an SFEN that
 * reads is ASCII and writes back as itself, a USI move that reads is legal).
 */
class TextFuzzTest {

    @Test
    @Timeout(60)
    void brokenSfensAndUsiMoves() {
        fuzz(10_000, 1);
    }

    @Test
    @Tag("slow")
    @Timeout(600)
    void manyBrokenSfensAndUsiMoves() {
        fuzz(100_000, 2);
    }

    private static void fuzz(int inputs, long seed) {
        List<String> sfens = sfens();
        List<Position> positions = positions();
        Mutations m = new Mutations(seed);
        int[] buf = new int[Position.MAX_MOVES];
        for (int i = 0; i < inputs; i++) {
            sfen(m.mutate(sfens.get(m.random().nextInt(sfens.size()))));
            Position p = positions.get(m.random().nextInt(positions.size()));
            int n = p.generate(GenType.LEGAL_ALL, buf, 0);
            usiMove(p, m.mutate(Move.usi(buf[m.random().nextInt(n)])));
        }
    }

    private static void sfen(String text) {
        Setup s = read(text, Sfen::parse);
        if (s != null) {
            assertThat(Sfen.parse(Sfen.format(s))).as(Mutations.show(text)).isEqualTo(s);
            assertThat(text.strip().chars().allMatch(c -> c < 0x80)).as("SFEN read with a character that is not ASCII: %s", Mutations.show(text)).isTrue();
        }
        read(text, Sfen::position);
        read(text, Sfen::tsume);
        read(text, Sfen::problem);
    }

    /** The result, or null when the text is refused with a SfenException that says where. */
    private static <T> T read(String text, Function<String, T> reader) {
        try {
            return reader.apply(text);
        } catch (SfenException e) {
            assertThat(e.getMessage()).as(Mutations.show(text)).isNotBlank();
            assertThat(e.index()).as(Mutations.show(text)).isBetween(-1, e.input().length());
            return null;
        } catch (RuntimeException | Error e) {
            throw new AssertionError("SFEN " + Mutations.show(text) + ": " + e, e);
        }
    }

    private static void usiMove(Position p, String text) {
        try {
            Usi.parse(text);
            assertThat(p.isLegal(Usi.parseMove(p, text))).as(Mutations.show(text)).isTrue();
        } catch (UsiMoveException e) {
            assertThat(e.getMessage()).as(Mutations.show(text)).isNotBlank();
        } catch (RuntimeException | Error e) {
            throw new AssertionError("USI move " + Mutations.show(text) + " in " + Sfen.format(p) + ": " + e, e);
        }
    }

    private static List<String> sfens() {
        List<String> out = new ArrayList<>();
        for (String table : List.of("tsume/antma_positions.tsv", "tsume/edo_classics.tsv", "tsume/kif_derived.tsv", "tsume/tanuki_generated.tsv")) {
            TestData.tsv(table).forEach(row -> out.add(row[1]));
        }
        TestData.tsv("perft/perft.tsv").forEach(row -> out.add(row[0]));
        out.add(Sfen.STARTPOS);
        return out;
    }

    /** Every tenth position of the first 50 lishogi games, where the side to move has a move. */
    private static List<Position> positions() {
        List<Position> out = new ArrayList<>();
        int[] buf = new int[Position.MAX_MOVES];
        for (String[] row : TestData.tsv("usi/shogiops-lishogi-games.tsv").subList(0, 50)) {
            Position p = Position.startpos();
            int ply = 0;
            for (String move : row[1].split(" ")) {
                p.doMove(Usi.parseMove(p, move));
                if (++ply % 10 == 0 && p.generate(GenType.LEGAL_ALL, buf, 0) > 0) {
                    out.add(p.copy());
                }
            }
        }
        return out;
    }
}
