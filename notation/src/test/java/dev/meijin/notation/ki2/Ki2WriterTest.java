package dev.meijin.notation.ki2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Position;
import dev.meijin.core.usi.Usi;
import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.kif.KifReader;
import dev.meijin.notation.kif.KifWriter;
import dev.meijin.notation.kif.Trees;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Start;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.kifu.WriteResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class Ki2WriterTest {

    static Stream<String> ki2Files() {
        return dev.meijin.testdata.TestData.list("ki2").stream();
    }

    static Stream<String> kifFiles() {
        return dev.meijin.testdata.TestData.list("kif").stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ki2Files")
    void ki2ToKifKeepsTheMoves(String path) {
        Kifu ki2 = Ki2Reader.read(Trees.text(path)).kifu();

        ReadResult kif = KifReader.read(KifWriter.write(ki2).text());

        assertThat(kif.problems()).as(path).isEmpty();
        assertThat(kif.kifu()).as(path).isEqualTo(ki2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kifFiles")
    void kifToKi2KeepsEverythingButTimes(String path) {
        Kifu kif = KifReader.read(Trees.text(path)).kifu();

        WriteResult w = Ki2Writer.write(kif);
        ReadResult back = Ki2Reader.read(w.text());

        assertThat(back.problems()).as(path).isEmpty();
        assertThat(back.kifu()).as(path).isEqualTo(Trees.withoutTimes(kif));
        assertThat(w.dropped()).as(path).isEqualTo(Trees.hasTimes(kif.moves()) ? List.of("times (KI2 cannot hold them)") : List.of());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ki2Files")
    void ki2RoundTrips(String path) {
        Kifu ki2 = Ki2Reader.read(Trees.text(path)).kifu();

        ReadResult back = Ki2Reader.read(Ki2Writer.write(ki2, WriteOptions.SHIFT_JIS).text());

        assertThat(back.problems()).as(path).isEmpty();
        assertThat(back.kifu()).as(path).isEqualTo(ki2);
    }

    @Test
    void theLayout() {
        Position pos = Position.startpos();
        List<Step> steps = new ArrayList<>();
        for (String u : "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d P*2c 2d2f".split(" ")) {
            int m = Usi.parseMove(pos, u);
            steps.add(Step.move(m));
            pos.doMove(m);
        }
        steps.set(1, steps.get(1).withComments(List.of("角道を開ける")).withTime(Optional.of(Duration.ofSeconds(3)), Optional.empty()));
        steps.add(Step.special(Special.TORYO));
        Kifu k = new Kifu(List.of(), Start.EVEN, List.of(), steps);

        WriteResult w = Ki2Writer.write(k);

        assertThat(w.text()).isEqualTo("""
                #KIF version=2.0 encoding=UTF-8
                手合割：平手

                ▲７六歩    △３四歩
                *角道を開ける
                ▲２六歩    △８四歩    ▲２五歩    △８五歩    ▲７八金    △３二金
                ▲２四歩    △同　歩    ▲同　飛    △２三歩    ▲２六飛
                まで13手で先手の勝ち
                """);
        assertThat(w.dropped()).containsExactly("times (KI2 cannot hold them)");
    }
}
