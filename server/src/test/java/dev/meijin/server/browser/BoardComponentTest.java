package dev.meijin.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.SimpleFileServer;
import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

/**
 * The board component on its own, on the static demo page ({@code web/demo.html}) whose configuration is fixed:
 * selection and destinations, click-click and drag moves, the promotion choice, drops, flipping and the
 * coordinates. The played moves appear in the page's log, which is what the component reported.
 */
final class BoardComponentTest {

    private static HttpServer http;
    private static String base;
    private Browser browser;

    @BeforeAll
    static void serve() {
        http = SimpleFileServer.createFileServer(new InetSocketAddress("127.0.0.1", 0), Browser.webRoot().toAbsolutePath(),
                SimpleFileServer.OutputLevel.NONE);
        http.start();
        base = "http://127.0.0.1:" + http.getAddress().getPort();
    }

    @AfterAll
    static void stop() {
        if (http != null) {
            http.stop(0);
        }
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    private void openDemo(org.openqa.selenium.Dimension size) {
        browser = Browser.start(size);
        browser.open(base + "/demo.html");
        browser.find(".mj-svg rect.mj-sq[data-square='5e']");
    }

    private List<String> log() {
        return browser.all("#log li").stream().map(WebElement::getText).toList();
    }

    private List<String> shownDests() {
        return browser.all(".mj-dests [data-dest]").stream().map(e -> e.getDomAttribute("data-dest")).sorted().toList();
    }

    @Test
    void selectingAPieceShowsItsDestinationsAndAnOptionalPromotionAsksTheChoice() {
        openDemo(Browser.DESKTOP);
        browser.clickSquare("8b");
        assertThat(shownDests()).containsExactly("5b", "6b", "7b", "8a", "8c", "9b");
        browser.clickSquare("8a");
        browser.find(".mj-promotion-choice[data-promote='true']");
        browser.screenshot("board-promotion-choice-desktop");
        assertThat(log()).as("nothing is reported before the choice").isEmpty();
        browser.click(".mj-promotion-choice[data-promote='true']");
        browser.await("the move in the log", d -> log().size() == 1);
        assertThat(log()).containsExactly("move 8b8a+");
        // The board shows the move at once: a promoted rook on 8a, none left on 8b, no destinations.
        assertThat(browser.all("[data-piece-square='8a'] .piece").getFirst().getDomAttribute("data-role")).isEqualTo("+R");
        assertThat(browser.all("[data-piece-square='8b']")).isEmpty();
        assertThat(shownDests()).isEmpty();
    }

    @Test
    void declaringNotToPromoteReportsThePlainMove() {
        openDemo(Browser.PHONE);
        browser.clickSquare("8b");
        browser.clickSquare("7b");
        browser.find(".mj-promotion-choice[data-promote='false']");
        browser.screenshot("board-promotion-choice-phone");
        browser.click(".mj-promotion-choice[data-promote='false']");
        browser.await("the move in the log", d -> log().size() == 1);
        assertThat(log()).containsExactly("move 8b7b");
    }

    @Test
    void theSamePositionSentAgainKeepsTheSelectionAndANewOneDropsIt() {
        openDemo(Browser.DESKTOP);
        browser.clickSquare("8b");
        assertThat(shownDests()).hasSize(6);
        // A message about something else redraws the same position with the same destinations.
        browser.script("const b = window.meijinBoard; b.set({sfen: b.config.sfen, dests: {...b.config.dests}})");
        assertThat(shownDests()).hasSize(6);
        browser.clickSquare("8c");
        browser.find(".mj-promotion-choice[data-promote='true']");
        browser.script("const b = window.meijinBoard; b.set({sfen: b.config.sfen, dests: {...b.config.dests}})");
        assertThat(browser.all(".mj-promotion-choice")).as("the open promotion choice stays").hasSize(2);
        // A new position (the opponent moved meanwhile) drops both.
        browser.script("window.meijinBoard.set({sfen: 'ln1gkg1nl/1R3s2P/p1pp1p1pp/4p1p2/9/2P6/PP1PPPPPP/1+b1S5/LN1GKGSNL b BS2Pr2p 28'})");
        assertThat(browser.all(".mj-promotion-choice")).isEmpty();
        assertThat(shownDests()).isEmpty();
        assertThat(log()).isEmpty();
    }

    @Test
    void aForcedPromotionIsPlayedWithoutAskingTheChoice() {
        openDemo(Browser.DESKTOP);
        browser.clickSquare("1b");
        assertThat(shownDests()).containsExactly("1a");
        browser.clickSquare("1a");
        browser.await("the move in the log", d -> log().size() == 1);
        assertThat(log()).containsExactly("move 1b1a+");
        assertThat(browser.all(".mj-promotion-choice")).isEmpty();
        assertThat(browser.all("[data-piece-square='1a'] .piece").getFirst().getDomAttribute("data-role")).isEqualTo("+P");
    }

    @Test
    void aClickOnTheEvaluationGraphPicksThatPosition() {
        openDemo(Browser.PHONE);
        // Ply 0 (0 cp) sits on the middle line, ply 10 (gote mates) at the bottom, ply 6 (+320) above the middle.
        String[] points = browser.find("#graph polyline.eval-line").getDomAttribute("points").split(" ");
        assertThat(points).hasSize(11);
        assertThat(points[0]).isEqualTo("0.00,50.00");
        assertThat(points[10]).isEqualTo("300.00,100.00");
        assertThat(Double.parseDouble(points[6].split(",")[1])).isBetween(30.0, 45.0);
        browser.script("document.getElementById('graph').scrollIntoView({block: 'center'})");
        browser.click("#graph rect.eval-band[data-ply='7']");
        browser.await("the pick in the log", d -> log().size() == 1);
        assertThat(log()).containsExactly("graph 7");
        assertThat(browser.find("#graph line.eval-current").getDomAttribute("x1")).isEqualTo("210");
        browser.screenshot("board-demo-graph-phone");
    }

    @Test
    void aPieceInHandIsDroppedOnOneOfItsSquares() {
        openDemo(Browser.DESKTOP);
        browser.clickHand("sente", "P");
        assertThat(shownDests()).containsExactly("4e", "5e", "6e");
        browser.clickSquare("9e"); // not a drop square: the selection is dropped, nothing is played
        assertThat(shownDests()).isEmpty();
        assertThat(log()).isEmpty();
        browser.clickHand("sente", "P");
        browser.clickSquare("5e");
        browser.await("the drop in the log", d -> log().size() == 1);
        assertThat(log()).containsExactly("drop P*5e");
        assertThat(browser.all("[data-piece-square='5e'] .piece").getFirst().getDomAttribute("data-role")).isEqualTo("P");
        // Two pawns were in hand; one is left, so the count badge is gone.
        assertThat(browser.all(".mj-hand-piece[data-hand='sente'][data-role='P'] .mj-count")).isEmpty();
    }

    @Test
    void aPieceIsDraggedToItsDestination() {
        openDemo(Browser.DESKTOP);
        // The board redraws its squares when a piece is picked up, so the drag is aimed at points of the SVG.
        WebElement svg = browser.find(".mj-svg");
        browser.script("arguments[0].scrollIntoView({block: 'end'})", svg);
        org.openqa.selenium.Rectangle board = svg.getRect();
        org.openqa.selenium.Rectangle from = browser.find("rect.mj-sq[data-square='6h']").getRect();
        org.openqa.selenium.Rectangle to = browser.find("rect.mj-sq[data-square='7g']").getRect();
        int cx = board.x + board.width / 2;
        int cy = board.y + board.height / 2;
        new Actions(browser.driver)
                .moveToElement(svg, from.x + from.width / 2 - cx, from.y + from.height / 2 - cy)
                .clickAndHold()
                .moveByOffset(8, -8)
                .moveToElement(svg, to.x + to.width / 2 - cx, to.y + to.height / 2 - cy)
                .release()
                .perform();
        browser.await("the move in the log", d -> log().size() == 1);
        assertThat(log()).containsExactly("move 6h7g");
    }

    @Test
    void squareOneOneIsAtTheTopRightAndFlippingTurnsTheBoardAndItsCoordinates() {
        openDemo(Browser.DESKTOP);
        browser.script("window.meijinBoard.set({check: '5i'})");
        browser.find("rect.mj-check");
        browser.screenshot("board-demo-desktop");
        WebElement oneOne = browser.find("rect.mj-sq[data-square='1a']");
        WebElement nineNine = browser.find("rect.mj-sq[data-square='9i']");
        assertThat(oneOne.getLocation().getX()).isGreaterThan(nineNine.getLocation().getX());
        assertThat(oneOne.getLocation().getY()).isLessThan(nineNine.getLocation().getY());
        assertThat(coordinates()).startsWith("９８７６５４３２１一二三四五六七八九");

        browser.click("#flip");
        browser.await("the board turned", d -> coordinates().startsWith("１"));
        oneOne = browser.find("rect.mj-sq[data-square='1a']");
        nineNine = browser.find("rect.mj-sq[data-square='9i']");
        assertThat(oneOne.getLocation().getX()).isLessThan(nineNine.getLocation().getX());
        assertThat(oneOne.getLocation().getY()).isGreaterThan(nineNine.getLocation().getY());
        assertThat(coordinates()).startsWith("１２３４５６７８９九八七六五四三二一");
        // Gote's hand (rook and two pawns) is now at the bottom.
        assertThat(browser.find(".mj-hand-bottom").getDomAttribute("data-color")).isEqualTo("gote");
        browser.screenshot("board-demo-flipped");
    }

    @Test
    void thePhoneLayoutPutsTheHandsAboveAndBelowAFullWidthBoard() {
        openDemo(Browser.PHONE);
        browser.screenshot("board-demo-phone");
        WebElement svg = browser.find(".mj-svg");
        WebElement top = browser.find(".mj-hand-top");
        WebElement bottom = browser.find(".mj-hand-bottom");
        long viewport = ((Number) browser.script("return document.documentElement.clientWidth")).longValue();
        assertThat(svg.getSize().getWidth()).isGreaterThan((int) (viewport * 0.85)).isLessThanOrEqualTo((int) viewport);
        assertThat(top.getLocation().getY() + top.getSize().getHeight()).isLessThanOrEqualTo(svg.getLocation().getY());
        assertThat(bottom.getLocation().getY()).isGreaterThanOrEqualTo(svg.getLocation().getY() + svg.getSize().getHeight());
    }

    @Test
    void onAPhoneAHandOfEverySortOfPieceStaysOnTheScreen() {
        openDemo(Browser.PHONE);
        // Late in a game: sente holds all seven sorts, most of them several times.
        browser.script("window.meijinBoard.set({sfen: '4k4/9/9/9/9/9/9/9/4K4 b R2B2G3S4N4L17Pr2g 1', dests: {}, dropDests: {}, promotions: {}, lastMove: null})");
        browser.await("the full hand", d -> browser.all(".mj-hand-piece[data-hand='sente']").size() == 7);
        long viewport = ((Number) browser.script("return document.documentElement.clientWidth")).longValue();
        @SuppressWarnings("unchecked")
        List<Number> rights = (List<Number>) browser.script("return [...document.querySelectorAll('.mj-hand-bottom .mj-hand-piece, .mj-hand-bottom .mj-count')]"
                + ".map(e => e.getBoundingClientRect().right)");
        assertThat(rights).hasSize(7 + 6).allMatch(r -> r.doubleValue() <= viewport, "inside the " + viewport + " px screen");
        browser.script("document.querySelector('.mj-hand-bottom').scrollIntoView({block: 'center'})");
        browser.screenshot("board-full-hand-phone");
    }

    private String coordinates() {
        return text(".mj-coord-file") + text(".mj-coord-rank");
    }

    private String text(String css) {
        return String.join("", browser.driver.findElements(By.cssSelector(css)).stream().map(WebElement::getText).toList());
    }
    /**
     * The premove helper (js/premove.js) on a position with pieces of both sides in the way: a slide passes
     * through the opponent's rook and stops before its own piece, promotion choices follow the zone, drops leave
     * out dead squares, the own pawn's file and one's own squares, and a premove is checked against the
     * destinations of the new position.
     */
    @Test
    void premoveDestinationsAndTheirCheckAgainstTheNewPosition() throws Exception {
        openDemo(Browser.DESKTOP);
        String json = (String) browser.asyncScript("""
                const done = arguments[arguments.length - 1];
                import('/js/premove.js').then((m) => {
                  const p = m.premoveDests('4k4/9/9/2P1S4/9/9/9/1r5R1/4K4 b NP 1', 'sente');
                  const optional = {'7d': {'7c': 'optional'}};
                  done(JSON.stringify({
                    rook: p.dests['2h'], silver: p.dests['5d'], pawn: p.dests['7d'], king: p.dests['5i'],
                    promotions: p.promotions, drops: p.dropDests,
                    checks: [m.legalPremove('7d7c', optional, {}), m.legalPremove('7d7c+', optional, {}),
                      m.legalPremove('7d7c', {'7d': {'7c': 'forced'}}, {}), m.legalPremove('7d7c+', {'7d': {'7c': 'none'}}, {}),
                      m.legalPremove('7d7b', optional, {}), m.legalPremove('P*1b', {}, {P: ['1b']}), m.legalPremove('N*1b', {}, {N: ['1c']})],
                  }));
                });""");
        tools.jackson.databind.JsonNode r = new tools.jackson.databind.ObjectMapper().readTree(json);
        assertThat(strings(r.get("rook"))).containsExactlyInAnyOrder("2g", "2f", "2e", "2d", "2c", "2b", "2a", "2i",
                "1h", "3h", "4h", "5h", "6h", "7h", "8h", "9h");
        assertThat(strings(r.get("silver"))).containsExactlyInAnyOrder("5c", "4c", "6c", "4e", "6e");
        assertThat(strings(r.get("pawn"))).containsExactly("7c");
        assertThat(strings(r.get("king"))).containsExactlyInAnyOrder("4h", "5h", "6h", "4i", "6i");
        tools.jackson.databind.JsonNode pr = r.get("promotions");
        assertThat(pr.get("2h2c").asString()).isEqualTo("optional");
        assertThat(pr.get("5d5c").asString()).isEqualTo("optional");
        assertThat(pr.get("7d7c").asString()).isEqualTo("optional");
        assertThat(pr.has("2h3h")).as("no promotion outside the zone").isFalse();
        assertThat(pr.has("5d4e")).isFalse();
        // The drops, from the rule: any square but sente's own (7d, 5d, 2h, 5i; gote's 5a and 8h may move away), no pawn
        // on rank a nor on file 7 (sente's pawn on 7d), no knight on ranks a and b.
        List<String> own = List.of("7d", "5d", "2h", "5i");
        List<String> pawnSquares = new java.util.ArrayList<>();
        List<String> knightSquares = new java.util.ArrayList<>();
        for (int file = 1; file <= 9; file++) {
            for (char rank = 'a'; rank <= 'i'; rank++) {
                String sq = "" + file + rank;
                if (!own.contains(sq) && rank != 'a' && file != 7) {
                    pawnSquares.add(sq);
                }
                if (!own.contains(sq) && rank > 'b') {
                    knightSquares.add(sq);
                }
            }
        }
        assertThat(pawnSquares).as("gote's rook's square is one").hasSize(8 * 8 - 3).contains("8h");
        assertThat(knightSquares).hasSize(9 * 7 - 4);
        assertThat(strings(r.get("drops").get("P"))).containsExactlyInAnyOrderElementsOf(pawnSquares);
        assertThat(strings(r.get("drops").get("N"))).containsExactlyInAnyOrderElementsOf(knightSquares);
        assertThat(r.get("drops").size()).as("a knight and a pawn in hand").isEqualTo(2);
        assertThat(strings(r.get("checks"))).containsExactly("7d7c", "7d7c+", "7d7c+", null, null, "P*1b", null);
    }

    private static List<String> strings(tools.jackson.databind.JsonNode array) {
        List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.isNull() ? null : n.asString()));
        return out;
    }
}
