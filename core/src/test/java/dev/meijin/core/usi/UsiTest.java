package dev.meijin.core.usi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.meijin.core.Color;
import dev.meijin.core.Fixtures;
import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** USI move text: formatting, parsing, and malformed versus illegal input. */
class UsiTest {

    private static final String START = Sfen.STARTPOS;
    /** After 7g7f 3c3d: the bishops see each other. */
    private static final String OPEN_BISHOPS = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
    /** Sente has a pawn in hand; 5e is empty and file 5 has no sente pawn. */
    private static final String PAWN_IN_HAND = "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL b Pp 1";

    @Test
    void formatting() {
        int pawn = Piece.of(Color.SENTE, Role.PAWN), bishop = Piece.of(Color.SENTE, Role.BISHOP);
        assertThat(Move.usi(Move.normal(Square.parse("7g"), Square.parse("7f"), pawn))).isEqualTo("7g7f");
        assertThat(Move.usi(Move.promoting(Square.parse("8h"), Square.parse("2b"), bishop))).isEqualTo("8h2b+");
        assertThat(Move.usi(Move.normal(Square.parse("8h"), Square.parse("2b"), bishop, false))).isEqualTo("8h2b");
        assertThat(Move.usi(Move.drop(Role.PAWN.code(), Square.parse("5e"), 0))).isEqualTo("P*5e");
        assertThat(Move.usi(Move.drop(Role.ROOK.code(), Square.parse("1a"), 1))).isEqualTo("R*1a");
        assertThat(Move.usi(Move.drop(Role.GOLD.code(), Square.parse("9i"), 0))).isEqualTo("G*9i");
        assertThat(Move.usi(Move.RESIGN)).isEqualTo("resign");
        assertThat(Move.usi(Move.WIN)).isEqualTo("win");
        assertThat(new MoveOrDrop.BoardMove(Square.parse("8h"), Square.parse("2b"), true).usi()).isEqualTo("8h2b+");
        assertThat(new MoveOrDrop.Drop(Role.PAWN, Square.parse("5e")).usi()).isEqualTo("P*5e");
    }

    @Test
    void parsingSyntax() {
        assertThat(Usi.parse("7g7f"))
                .isEqualTo(new MoveOrDrop.BoardMove(Square.parse("7g"), Square.parse("7f"), false));
        assertThat(Usi.parse("8h2b+"))
                .isEqualTo(new MoveOrDrop.BoardMove(Square.parse("8h"), Square.parse("2b"), true));
        assertThat(Usi.parse("P*5e")).isEqualTo(new MoveOrDrop.Drop(Role.PAWN, Square.parse("5e")));
        for (Role r : Role.values()) {
            if (r.isHandRole()) {
                String text = r.sfenLetter() + "*1a";
                assertThat(Usi.parse(text)).as(text).isEqualTo(new MoveOrDrop.Drop(r, 0));
            }
        }
        assertThat(Usi.parse("1a9i")).isEqualTo(new MoveOrDrop.BoardMove(0, 80, false));
    }

    @Test
    void parsingLegalMoves() {
        Position start = Sfen.position(START);
        int m = Usi.parseMove(start, "7g7f");
        assertThat(m).as(START)
                .isEqualTo(Move.normal(Square.parse("7g"), Square.parse("7f"), Piece.of(Color.SENTE, Role.PAWN)));

        Position open = Sfen.position(OPEN_BISHOPS);
        int promo = Usi.parseMove(open, "8h2b+");
        assertThat(Move.isPromotion(promo)).as(OPEN_BISHOPS).isTrue();
        assertThat(Move.pieceAfter(promo)).as(OPEN_BISHOPS).isEqualTo(Piece.of(Color.SENTE, Role.HORSE));
        int plain = Usi.parseMove(open, "8h2b");
        assertThat(Move.isPromotion(plain)).as("the non-promotion is legal (if useless) in %s", OPEN_BISHOPS).isFalse();
        open.doMove(promo);
        assertThat(Sfen.format(open)).as(OPEN_BISHOPS + " after 8h2b+")
                .isEqualTo("lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");

        Position hand = Sfen.position(PAWN_IN_HAND);
        int drop = Usi.parseMove(hand, "P*5e");
        assertThat(drop).as(PAWN_IN_HAND).isEqualTo(Move.drop(Role.PAWN.code(), Square.parse("5e"), 0));
        assertThat(Move.usi(drop)).as(PAWN_IN_HAND).isEqualTo("P*5e");
    }

    private static final String SHAPE = "expected from-square, to-square and an optional '+', or a drop such as P*5e";

    /** Malformed text and what the message says is wrong with it. */
    static Stream<Arguments> malformedTexts() {
        return Stream.of(
                Arguments.of("7g7", SHAPE),
                Arguments.of("7j7f", "\"7j\" is not a square"),
                Arguments.of("7g7j", "\"7j\" is not a square"),
                Arguments.of("0a1b", "\"0a\" is not a square"),
                Arguments.of("X*5e", "'X' is not a piece that can be dropped (P L N S G B R)"),
                Arguments.of("p*5e", "'p' is not a piece that can be dropped (P L N S G B R)"),
                Arguments.of("K*5e", "'K' is not a piece that can be dropped (P L N S G B R)"),
                Arguments.of("+*5e", "'+' is not a piece that can be dropped (P L N S G B R)"),
                Arguments.of("P*5j", "\"5j\" is not a square"),
                Arguments.of("P*5", SHAPE),
                Arguments.of("P*55e", SHAPE),
                Arguments.of("7g7f+x", SHAPE),
                Arguments.of("7g7f=", SHAPE),
                Arguments.of("7g7g", "from and to are the same square"),
                Arguments.of("7g7g+", "from and to are the same square"),
                Arguments.of("77g7f", SHAPE),
                Arguments.of("7g-7f", SHAPE),
                Arguments.of("7G7F", "\"7G\" is not a square"),
                Arguments.of(" 7g7f", SHAPE),
                Arguments.of("7g7f ", SHAPE),
                Arguments.of("resign", SHAPE),
                Arguments.of("*P5e", "\"*P\" is not a square"),
                Arguments.of("P5e", SHAPE),
                Arguments.of("7g7f++", SHAPE),
                Arguments.of("P*5e+", "a drop cannot promote"),
                Arguments.of("", "empty move"));
    }

    @ParameterizedTest(name = "\"{0}\": {1}")
    @MethodSource("malformedTexts")
    void malformed(String text, String detail) {
        UsiMoveException e = catchThrowableOfType(UsiMoveException.class, () -> Usi.parse(text));
        assertThat(e).as("\"%s\"", text).isNotNull();
        assertThat(e.reason()).as("\"%s\": %s", text, e.getMessage()).isEqualTo(IllegalMoveReason.MALFORMED);
        assertThat(e.input()).as("\"%s\"", text).isEqualTo(text);
        assertThat(e).as("\"%s\"", text).hasMessage("malformed USI move \"" + text + "\": " + detail);
        assertThat(e).isInstanceOf(IllegalArgumentException.class);
        // In a position the same text is still malformed, not illegal, and says the same.
        UsiMoveException inPos =
                catchThrowableOfType(UsiMoveException.class, () -> Usi.parseMove(Position.startpos(), text));
        assertThat(inPos.reason()).as("\"%s\" in %s", text, START).isEqualTo(IllegalMoveReason.MALFORMED);
        assertThat(inPos).as("\"%s\" in %s", text, START).hasMessage(e.getMessage());
    }

    /** No text at all: the message does not pretend that someone typed "null". */
    @Test
    void nullIsMalformed() {
        UsiMoveException e = catchThrowableOfType(UsiMoveException.class, () -> Usi.parse(null));
        assertThat(e.reason()).isEqualTo(IllegalMoveReason.MALFORMED);
        assertThat(e.input()).isEmpty();
        assertThat(e).hasMessage("malformed USI move: no move given");
        UsiMoveException inPos = catchThrowableOfType(UsiMoveException.class, () -> Usi.parseMove(Position.startpos(), null));
        assertThat(inPos.reason()).isEqualTo(IllegalMoveReason.MALFORMED);
        assertThat(inPos).hasMessage("malformed USI move: no move given");
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            no pawn in hand                      | P*5e  | lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 | NOT_IN_HAND         | no pawn in hand
            only gote has a pawn in hand         | P*5e  | lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL b p 1 | NOT_IN_HAND         | no pawn in hand
            nifu                                 | P*5e  | lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1 | NIFU                | nifu: file 5 already holds an unpromoted pawn of sente's
            drop on an occupied square           | P*5c  | lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL b P 1 | DROP_ON_OCCUPIED    | 5c is occupied
            pawn drop on the last rank           | P*1a  | 4k4/9/9/9/9/9/9/9/K8 b P 1                                      | DEAD_DROP           | a pawn dropped on 1a could never move
            knight drop on the second rank       | N*5b  | 4k4/9/9/9/9/9/9/9/K8 b N 1                                      | DEAD_DROP           | a knight dropped on 5b could never move
            lance drop on the last rank          | L*1a  | 4k4/9/9/9/9/9/9/9/K8 b L 1                                      | DEAD_DROP           | a lance dropped on 1a could never move
            promoting outside the zone           | 7g7f+ | lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 | CANNOT_PROMOTE      | promotion needs a move that starts or ends in the promotion zone
            promoting a gold                     | 6i5h+ | lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 | CANNOT_PROMOTE      | a gold cannot promote
            promoting a promoted piece           | 2b3c+ | 4k4/7+B1/9/9/9/9/9/9/K8 b - 1                                   | CANNOT_PROMOTE      | a horse cannot promote
            pawn to the last rank unpromoted     | 5b5a  | 3k5/4P4/9/9/9/9/9/9/K8 b - 1                                    | MUST_PROMOTE        | a pawn must promote on 5a
            knight to the second rank unpromoted | 4d5b  | 8k/9/9/5N3/9/9/9/9/K8 b - 1                                     | MUST_PROMOTE        | a knight must promote on 5b
            the opponent's piece                 | 3c3d  | lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 | NOT_YOUR_PIECE      | the piece on 3c is the opponent's
            an empty square                      | 5e5d  | lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 | NO_SUCH_PIECE       | no piece on 5e
            a move the piece cannot make         | 7g7e  | lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 | CANNOT_REACH        | a pawn on 7g cannot move to 7e
            capturing one's own piece            | 8h7g  | lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 | OWN_PIECE_ON_TARGET | 7g holds one of sente's own pieces
            a pinned gold leaving the line       | 5h4h  | 4k4/9/9/9/4r4/9/9/4G4/4K4 b - 1                                 | KING_LEFT_IN_CHECK  | it would leave the king in check
            the king into a rook's file          | 5i6i  | 4k4/9/9/9/3r5/9/9/9/4K4 b - 1                                   | KING_LEFT_IN_CHECK  | the king would be in check on 6i
            ignoring a check                     | 9i9h  | 4k4/9/9/9/4r4/9/9/9/L3K4 b - 1                                  | KING_LEFT_IN_CHECK  | it does not answer the check
            a drop that does not block a check   | B*4c  | k3r4/9/9/9/9/9/9/9/4K4 b B 1                                    | KING_LEFT_IN_CHECK  | the king is in check and a drop on 4c does not block it
            a drop against a double check        | G*5h  | 4k4/9/9/9/4r4/9/5n3/9/4K4 b G 1                                 | KING_LEFT_IN_CHECK  | the king is in double check, which no drop answers
            sliding through a piece              | 2h2a  | lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 | CANNOT_REACH        | a rook on 2h cannot move to 2a
            uchifuzume                           | P*1b  | 8k/9/5B1G1/9/9/9/9/9/4K4 b P 1                                  | UCHIFUZUME          | uchifuzume: a pawn drop may not give checkmate
            """)
    void illegal(String name, String text, String sfen, IllegalMoveReason reason, String detail) {
        Position pos = Sfen.position(sfen);
        UsiMoveException e = catchThrowableOfType(UsiMoveException.class, () -> Usi.parseMove(pos, text));
        assertThat(e).as("%s: %s in %s", name, text, sfen).isNotNull();
        assertThat(e.reason()).as("%s: %s in %s (%s)", name, text, sfen, e.getMessage()).isEqualTo(reason);
        assertThat(e.isMalformed()).isFalse();
        assertThat(e.input()).as(sfen).isEqualTo(text);
        assertThat(e.getMessage()).as("%s: %s in %s", name, text, sfen).isEqualTo("illegal move " + text + " in " + sfen + ": " + detail);
        MoveOrDrop mv = Usi.parse(text);
        assertThat(pos.illegalReason(mv)).as("illegalReason: %s", name).contains(reason);
        assertThat(pos.illegalMove(mv).orElseThrow().message()).as("illegalMove: %s", name).isEqualTo(detail);
        assertThat(Sfen.format(pos)).as("position unchanged: %s", sfen).isEqualTo(sfen);
    }

    @Test
    void legalMovesHaveNoIllegalReason() {
        for (String sfen : Fixtures.perftSfens()) {
            Position pos = Fixtures.load(sfen);
            for (int m : pos.legalMoves()) {
                assertThat(pos.illegalMove(Move.toRecord(m))).as("%s in %s", Move.usi(m), sfen).isEmpty();
            }
        }
    }

    @Test
    void messagesEscapeControlCharactersAndStayShort() {
        UsiMoveException e = catchThrowableOfType(UsiMoveException.class, () -> Usi.parse("\u001b[31m" + "x".repeat(10_000)));
        assertThat(e.getMessage()).contains("\\u001b[31m").doesNotContain("\u001b").hasSizeLessThan(200);
        assertThat(e.input()).hasSize(10_005);
    }

    @Test
    void everyLegalMoveRoundTrips() {
        for (String sfen : Fixtures.perftSfens()) {
            Position pos = Fixtures.load(sfen);
            for (int m : pos.legalMoves()) {
                String text = Move.usi(m);
                assertThat(Usi.parseMove(pos, text)).as("%s in %s", text, sfen).isEqualTo(m);
                assertThat(Usi.parse(text).usi()).as("%s in %s", text, sfen).isEqualTo(text);
                assertThat(Move.toRecord(m).usi()).as("%s in %s", text, sfen).isEqualTo(text);
                assertThat(pos.encode(Move.toRecord(m))).as("%s in %s", text, sfen).isEqualTo(m);
            }
        }
    }
}
