package dev.meijin.notation.jkf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code relative} marks on the examples of the Japan Shogi Association's notation rules
 * (https://www.shogi.or.jp/faq/kihuhyouki.html), as the reference converter's notation crate tests them.
 */
class JkfRelativeTest {

    @ParameterizedTest(name = "{1} in {0}: {2}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            4k4/2G6/G8/9/9/9/9/9/4K4 b - 1                      | 7b8b  | M
            4k4/2G6/G8/9/9/9/9/9/4K4 b - 1                      | 9c8b  | U
            4k1G2/9/5G3/9/9/9/9/9/4K4 b - 1                     | 4c3b  | U
            4k1G2/9/5G3/9/9/9/9/9/4K4 b - 1                     | 3a3b  | D
            4k4/9/9/9/5G3/4G4/2S4S1/9/1S2KS3 b - 1              | 5f5e  | U
            4k4/9/9/9/5G3/4G4/2S4S1/9/1S2KS3 b - 1              | 4e5e  | M
            4k4/9/9/9/5G3/4G4/2S4S1/9/1S2KS3 b - 1              | 8i8h  | U
            4k4/9/9/9/5G3/4G4/2S4S1/9/1S2KS3 b - 1              | 7g8h  | D
            4k4/9/9/9/5G3/4G4/2S4S1/9/1S2KS3 b - 1              | 4i3h  | U
            4k4/9/9/9/5G3/4G4/2S4S1/9/1S2KS3 b - 1              | 2g3h  | D
            4k4/G1G3G1G/9/9/3S1S3/9/9/9/4K4 b - 1               | 9b8a  | L
            4k4/G1G3G1G/9/9/3S1S3/9/9/9/4K4 b - 1               | 7b8a  | R
            4k4/G1G3G1G/9/9/3S1S3/9/9/9/4K4 b - 1               | 3b2b  | L
            4k4/G1G3G1G/9/9/3S1S3/9/9/9/4K4 b - 1               | 1b2b  | R
            4k4/G1G3G1G/9/9/3S1S3/9/9/9/4K4 b - 1               | 6e5f  | L
            4k4/G1G3G1G/9/9/3S1S3/9/9/9/4K4 b - 1               | 4e5f  | R
            4k4/9/9/9/9/9/9/9/1GG1K1SS1 b - 1                   | 8i7h  | L
            4k4/9/9/9/9/9/9/9/1GG1K1SS1 b - 1                   | 7i7h  | C
            4k4/9/9/9/9/9/9/9/1GG1K1SS1 b - 1                   | 3i3h  | C
            4k4/9/9/9/9/9/9/9/1GG1K1SS1 b - 1                   | 2i3h  | R
            4k4/9/3GGG3/9/9/9/1+P4S1S/+P8/+P+P+P1K1SS1 b - 1    | 6c5b  | L
            4k4/9/3GGG3/9/9/9/1+P4S1S/+P8/+P+P+P1K1SS1 b - 1    | 5c5b  | C
            4k4/9/3GGG3/9/9/9/1+P4S1S/+P8/+P+P+P1K1SS1 b - 1    | 4c5b  | R
            4k4/9/3GGG3/9/9/9/1+P4S1S/+P8/+P+P+P1K1SS1 b - 1    | 7i8h  | R
            4k4/9/3GGG3/9/9/9/1+P4S1S/+P8/+P+P+P1K1SS1 b - 1    | 8i8h  | C
            4k4/9/3GGG3/9/9/9/1+P4S1S/+P8/+P+P+P1K1SS1 b - 1    | 9i8h  | LU
            4k4/9/3GGG3/9/9/9/1+P4S1S/+P8/+P+P+P1K1SS1 b - 1    | 9h8h  | M
            4k4/9/3GGG3/9/9/9/1+P4S1S/+P8/+P+P+P1K1SS1 b - 1    | 8g8h  | D
            4k4/9/3GGG3/9/9/9/1+P4S1S/+P8/+P+P+P1K1SS1 b - 1    | 2i2h  | C
            4k4/9/3GGG3/9/9/9/1+P4S1S/+P8/+P+P+P1K1SS1 b - 1    | 1g2h  | R
            4k4/9/3GGG3/9/9/9/1+P4S1S/+P8/+P+P+P1K1SS1 b - 1    | 3i2h  | LU
            4k4/9/3GGG3/9/9/9/1+P4S1S/+P8/+P+P+P1K1SS1 b - 1    | 3g2h  | LD
            +R8/9/9/1+R7/9/9/9/9/4K1k2 b - 1                    | 9a8b  | D
            +R8/9/9/1+R7/9/9/9/9/4K1k2 b - 1                    | 8d8b  | U
            9/4+R4/7+R1/9/9/9/9/9/2k1K4 b - 1                   | 2c4c  | M
            9/4+R4/7+R1/9/9/9/9/9/2k1K4 b - 1                   | 5b4c  | D
            9/9/9/9/4+R3+R/9/9/9/2k1K4 b - 1                    | 5e3e  | L
            9/9/9/9/4+R3+R/9/9/9/2k1K4 b - 1                    | 1e3e  | R
            9/9/9/9/9/9/9/9/+R+R2K1k2 b - 1                     | 9i8h  | L
            9/9/9/9/9/9/9/9/+R+R2K1k2 b - 1                     | 8i8h  | R
            9/9/9/9/9/9/9/7+R1/2k1K3+R b - 1                    | 2h1g  | L
            9/9/9/9/9/9/9/7+R1/2k1K3+R b - 1                    | 1i1g  | R
            +B+B7/9/9/9/9/9/9/9/4K1k2 b - 1                     | 9a8b  | L
            +B+B7/9/9/9/9/9/9/9/4K1k2 b - 1                     | 8a8b  | R
            9/9/3+B5/9/+B8/9/9/9/4K1k2 b - 1                    | 9e8e  | M
            9/9/3+B5/9/+B8/9/9/9/4K1k2 b - 1                    | 6c8e  | D
            8+B/9/9/6+B2/9/9/9/9/4K1k2 b - 1                    | 1a1b  | D
            8+B/9/9/6+B2/9/9/9/9/4K1k2 b - 1                    | 3d1b  | U
            9/9/9/9/9/9/9/9/+B3+BK1k1 b - 1                     | 9i7g  | L
            9/9/9/9/9/9/9/9/+B3+BK1k1 b - 1                     | 5i7g  | R
            9/9/9/9/9/9/5+B3/8+B/2k1K4 b - 1                    | 4g2i  | L
            9/9/9/9/9/9/5+B3/8+B/2k1K4 b - 1                    | 1h2i  | R
            4k4/9/9/9/9/9/9/4G4/4K4 b G 1                       | G*4h  | H
            4k4/9/9/9/9/9/9/9/4K4 b G 1                         | G*4h  | -
            4k4/9/9/9/9/9/9/4G4/4K4 b G 1                       | 5h4h  | -
            4k4/9/9/9/9/S1S6/9/9/4K4 b - 1                      | 9f8e  | L
            4k4/9/9/2S1S4/9/9/9/9/4K4 b - 1                     | 7d6c  | -
            4k4/9/9/2S1S4/9/9/9/9/4K4 b - 1                     | 7d6c+ | -
            """)
    void marksFollowTheOfficialRules(String sfen, String usi, String expected) {
        Position pos = Position.ofRecord(Sfen.parse(sfen));
        int m = Usi.parseMove(pos, usi);
        int[] legal = pos.legalMoves();
        assertThat(JkfRelative.of(pos, m, legal, legal.length)).isEqualTo(expected);
    }
}
