package dev.meijin.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.EngineSettings;
import dev.meijin.server.PlayServer;
import dev.meijin.server.ServerConfig;
import dev.meijin.testdata.TestData;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Whole games in two headless browsers against the real server on a free port with a temporary H2 database:
 * every move is clicked on the board, and what each page shows is checked; and the mate-problem and record
 * analysis pages, whose problems and records the same server solves and analyses. Screenshots of desktop and phone pages go to
 * {@code server/target/screenshots/}. Tagged slow: the fast lane ({@code -Pfast}) leaves them out.
 */
@Tag("slow")
final class PlayInBrowserTest {

    @TempDir
    static Path data;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static PlayServer server;
    private static String base;

    @BeforeAll
    static void startServer() {
        // The computer is held to a few thousand nodes a move, so that it answers at once.
        // A player gone for four seconds may be claimed against (sixty by default), so the claim test is short.
        // A seek whose owner's page is gone is withdrawn after eight seconds (twenty by default).
        server = PlayServer.start(ServerConfig.defaults().withPort(0).withDataDir(data).withClaimAfter(Duration.ofSeconds(4))
                .withSeekExpiry(Duration.ofSeconds(8), Duration.ofMinutes(30))
                .withEngine(new EngineSettings(1, 20_000, Duration.ofSeconds(2))));
        base = "http://localhost:" + server.port();
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    private static Seat seat(org.openqa.selenium.Dimension size, String language) {
        return new Seat(base, size, language);
    }

    @Test
    void aGameFromTheLobbyIsPlayedToCheckmateByClicksWithAPromotionChoice() throws InterruptedException {
        try (Seat sente = seat(Browser.DESKTOP, "en"); Seat gote = seat(Browser.PHONE, "ja")) {
            String id = sente.create("Taro", Map.of("side", "sente", "tcKind", "byoyomi", "mainMinutes", "10", "byoyomiSeconds", "30"));
            assertThat(sente.you()).isEqualTo("sente");
            assertThat(sente.status()).isEqualTo("waiting");
            assertThat(sente.browser.find("#share-link").getDomProperty("value")).endsWith("/game/" + id);
            gote.acceptSeek(id, "Hanako");
            sente.browser.await("the game started", d -> "playing".equals(sente.status()));
            // Between people in an even game gote is taken as the senior player: 王 for gote, 玉 for sente.
            assertThat(sente.kanjiOn("5i")).isEqualTo("玉");
            assertThat(sente.kanjiOn("5a")).isEqualTo("王");

            // No impasse counts and no declaration while neither king is near the enemy camp.
            assertThat(sente.browser.all("#impasse")).isEmpty();
            assertThat(sente.browser.all("#declare")).isEmpty();
            List<String> moves = List.of("2g2f", "5a4b", "2f2e", "4b3b", "2e2d", "8b4b", "2d2c+");
            for (int i = 0; i < moves.size(); i++) {
                Seat mover = i % 2 == 0 ? sente : gote;
                if (i % 2 == 0 && i > 0) {
                    mover.awaitMyTurn();
                    Thread.sleep(600); // sente thinks for a while on each timed move
                }
                mover.play(moves.get(i));
                if (i == 3) {
                    sente.browser.screenshot("game-midgame-desktop");
                    gote.browser.screenshot("game-midgame-phone");
                    assertThat(sente.browser.all("#mate-link")).as("no mate solver while the game is played").isEmpty();
                }
            }
            assertThat(sente.awaitEnd()).isEqualTo("CHECKMATE");
            assertThat(gote.awaitEnd()).isEqualTo("CHECKMATE");
            // Every move was sounded on each page (駒音; silent here, the pages' sound being off).
            assertThat(((Number) sente.browser.script("return window.meijinMoveSounds || 0")).intValue()).isEqualTo(moves.size());
            assertThat(((Number) gote.browser.script("return window.meijinMoveSounds || 0")).intValue()).isEqualTo(moves.size());
            // The page reports its player's thinking time with each move, so the server forgives only the lag
            // (tens of milliseconds here) and not its 300 ms grace: sente's three timed moves (over 600 ms each)
            // would otherwise have been forgiven 900 ms in all.
            JsonNode game = JSON.readTree((String) sente.browser.asyncScript(
                    "const done = arguments[arguments.length - 1]; fetch('/api/games/" + id + "').then(r => r.text()).then(done)"));
            long used = 0;
            for (int ply : new int[] {3, 5, 7}) {
                used += game.get("moves").get(ply - 1).get("timeMs").asLong();
            }
            long charged = 600_000 - game.get("clock").get("sente").get("mainMs").asLong();
            assertThat(used).isGreaterThanOrEqualTo(1_800);
            assertThat(used - charged).as("lag forgiven on sente's timed moves, ms").isBetween(-10L, 450L);
            assertThat(sente.statusText()).isEqualTo("Sente wins by checkmate");
            assertThat(gote.statusText()).isEqualTo("先手の勝ち（詰み）");
            assertThat(sente.pieceOn("2c")).isEqualTo("+P");
            assertThat(gote.moveTexts()).containsExactly(
                    "▲２六歩(27)", "△４二玉(51)", "▲２五歩(26)", "△３二玉(42)", "▲２四歩(25)", "△４二飛(82)", "▲２三歩成(24)");
            sente.browser.select("#notation", "western");
            assertThat(sente.moveTexts()).containsExactly("P-2f", "K-4b", "P-2e", "K-3b", "P-2d", "R-4b", "Px2c+");
            // No more moves can be made once the game is over.
            assertThat(sente.browser.all(".mj-dests [data-dest]")).isEmpty();
            sente.browser.screenshot("game-checkmate-desktop");
            gote.browser.screenshot("game-checkmate-phone");

            // The record downloads in every format; the KIF ends with the result.
            String kif = (String) sente.browser.asyncScript(
                    "const done = arguments[arguments.length - 1];"
                            + "fetch(document.querySelector(\"a.record-link[data-format='kif']\").href).then(r => r.text()).then(done)");
            assertThat(kif).contains("先手：Taro").contains("後手：Hanako").contains("２三歩成(24)").contains("まで7手で詰み");
            assertThat(sente.browser.all("a.record-link").stream().map(e -> e.getDomAttribute("data-format")).toList())
                    .containsExactly("kif", "ki2", "csa", "jkf", "sfen");
            // Every move shows its time in the page's language, the first as well (untimed, it is counted from the
            // start of the game), as the record gives it.
            List<String> jaTimes = texts(gote.browser, "#moves li[data-ply] .time");
            assertThat(jaTimes).hasSize(7).allMatch(x -> x.matches("\\d+秒"), "whole seconds in Japanese");
            assertThat(texts(sente.browser, "#moves li[data-ply] .time")).allMatch(x -> x.matches("\\d+s"), "whole seconds in English");
            int firstSeconds = Integer.parseInt(jaTimes.getFirst().replace("秒", ""));
            assertThat(kif).contains(String.format("   1 ２六歩(27)   ( 0:%02d/00:00:%02d)", firstSeconds, firstSeconds));

            // Replay: back to the start, then forward move by move.
            sente.browser.click("#nav-first");
            assertThat(sente.pieceOn("2g")).isEqualTo("P");
            assertThat(sente.pieceOn("5a")).isEqualTo("K");
            sente.browser.click("#nav-next");
            sente.browser.click("#nav-next");
            assertThat(sente.pieceOn("2f")).isEqualTo("P");
            assertThat(sente.pieceOn("4b")).isEqualTo("K");
            assertThat(sente.browser.attribute("#moves li.current", "data-ply")).isEqualTo("2");
            sente.browser.click("#moves li[data-ply='6']");
            assertThat(sente.pieceOn("4b")).isEqualTo("R");
            assertThat(sente.pieceOn("2c")).isEqualTo("P");
            sente.browser.screenshot("game-replay-desktop");
            // The position before the last move, taken to the mate solver: sente mates in one.
            sente.browser.click("#moves li[data-ply='6']");
            String mateLink = sente.browser.attribute("#mate-link", "href");
            assertThat(mateLink).isEqualTo("/tsume?sfen=" + java.net.URLEncoder.encode(
                    "lnsg1gsnl/5rkb1/ppppppppp/7P1/9/9/PPPPPPP1P/1B5R1/LNSGKGSNL b - 7", java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20"));
            sente.browser.click("#nav-last");
            assertThat(sente.pieceOn("2c")).isEqualTo("+P");

            // The engine's analysis: one point per position; before the last move sente mates in one, so the
            // curve ends at the top. A click on the graph shows that position.
            sente.browser.await("the evaluation graph", d -> sente.browser.all("#analysis rect.eval-band").size() == 8,
                    Duration.ofSeconds(90));
            String[] points = sente.browser.attribute("#analysis polyline.eval-line", "points").split(" ");
            assertThat(points).hasSize(8);
            assertThat(points[6]).endsWith(",0.00");
            assertThat(points[7]).endsWith(",0.00");
            // Gote's 8b4b, which let sente mate at once, is marked a blunder in the list and on the graph.
            // (Smaller grades of the other moves depend on what the server's engine searched before: not asserted.)
            sente.browser.await("the blunder marked", d -> sente.browser.all("#moves li[data-ply='6'] .quality").size() == 1);
            assertThat(sente.browser.text("#moves li[data-ply='6'] .quality")).isEqualTo("Blunder");
            assertThat(sente.browser.all("#moves li[data-ply] .quality[data-quality='BLUNDER']")).hasSize(1);
            assertThat(sente.browser.attribute("#analysis line.eval-quality.quality-blunder", "data-ply")).isEqualTo("6");
            List<String> counts = texts(sente.browser, "#analysis #quality-summary p");
            assertThat(counts).hasSize(2);
            assertThat(counts.get(0)).startsWith("☗Sente: inaccuracies ").endsWith(", blunders 0");
            assertThat(counts.get(1)).startsWith("☖Gote: inaccuracies ").endsWith(", blunders 1");
            // Its legend says which side is ahead above the middle line and which below, in the page's language.
            assertThat(texts(sente.browser, "#analysis .eval-legend-top, #analysis .eval-legend-bottom")).containsExactly("☗Sente ahead", "☖Gote ahead");
            sente.browser.script("document.getElementById('analysis').scrollIntoView({block: 'center'})");
            sente.browser.click("#analysis rect.eval-band[data-ply='3']");
            sente.browser.await("ply 3 shown", d -> "P".equals(sente.pieceOn("2e")));
            assertThat(sente.browser.attribute("#moves li.current", "data-ply")).isEqualTo("3");
            assertThat(Double.parseDouble(sente.browser.attribute("#analysis line.eval-current", "x1")))
                    .isCloseTo(300.0 * 3 / 7, org.assertj.core.data.Offset.offset(0.01));
            sente.browser.screenshot("game-analysis-desktop");
            gote.browser.await("the evaluation graph on the phone", d -> gote.browser.all("#analysis rect.eval-band").size() == 8);
            assertThat(texts(gote.browser, "#analysis .eval-legend-top, #analysis .eval-legend-bottom")).containsExactly("☗先手有利", "☖後手有利");
            gote.browser.script("document.getElementById('analysis').scrollIntoView({block: 'center'})");
            gote.browser.screenshot("game-analysis-phone");
            // From a minute on, a time is minutes and seconds, the fraction dropped as in the record.
            assertThat(gote.browser.script("const m = window.meijin.state.moves; m[0].timeMs = 75_900; m[1].timeMs = 8_999;"
                    + " window.meijin.render(); return [...document.querySelectorAll('#moves li[data-ply] .time')].slice(0, 2).map(e => e.textContent)"))
                    .isEqualTo(List.of("1:15", "8秒"));
            sente.browser.click("#nav-last");
            // The arrow keys step through the moves too.
            org.openqa.selenium.WebElement body = sente.browser.find("body");
            body.sendKeys(org.openqa.selenium.Keys.ARROW_LEFT);
            sente.browser.await("one move back", d -> "P".equals(sente.pieceOn("2c")));
            assertThat(sente.browser.attribute("#moves li.current", "data-ply")).isEqualTo("6");
            body.sendKeys(org.openqa.selenium.Keys.ARROW_UP);
            sente.browser.await("the start", d -> "P".equals(sente.pieceOn("2g")));
            body.sendKeys(org.openqa.selenium.Keys.ARROW_DOWN);
            sente.browser.await("the end", d -> "+P".equals(sente.pieceOn("2c")));
            sente.browser.open(base + mateLink);
            sente.browser.click("#solve");
            sente.browser.await("the solver's answer", d -> !sente.browser.all("#verdict").isEmpty());
            assertThat(sente.browser.text("#verdict")).isEqualTo("Mate in 1");
        }
    }

    @Test
    void aPlayerResignsAndBothSeeTheResult() {
        try (Seat sente = seat(Browser.PHONE, "en"); Seat gote = seat(Browser.DESKTOP, "en")) {
            String id = sente.create("Ayumi", Map.of("side", "sente", "tcKind", "unlimited", "postSeek", "false"));
            sente.browser.find("#share-link");
            assertThat(sente.browser.text(".player-top .name")).isEqualTo("Open seat");
            sente.browser.screenshot("game-waiting-phone");
            gote.joinByLink(id, "Kenji");
            sente.play("7g7f");
            gote.play("3c3d");
            sente.awaitMyTurn();
            gote.browser.click("#resign");
            gote.browser.find("#resign-yes");
            gote.browser.screenshot("game-resign-confirm-desktop");
            gote.browser.click("#resign-yes");
            assertThat(gote.awaitEnd()).isEqualTo("RESIGNATION");
            assertThat(sente.awaitEnd()).isEqualTo("RESIGNATION");
            assertThat(sente.statusText()).isEqualTo("Sente wins by resignation");
            assertThat(sente.browser.text("#result")).contains("resignation");
            assertThat(sente.browser.all("#resign")).as("no resign button after the end").isEmpty();
            sente.browser.screenshot("game-resigned-phone");
            // The winner's list of games says he won, the loser's that he lost.
            sente.browser.open(base + "/");
            sente.browser.await("the result in Ayumi's games", d -> sente.browser.text("#player-games tr[data-game='" + id + "']")
                    .endsWith("Won by resignation"));
            gote.browser.open(base + "/");
            gote.browser.await("the result in Kenji's games", d -> gote.browser.text("#player-games tr[data-game='" + id + "']")
                    .endsWith("Lost by resignation"));
        }
    }

    @Test
    void someoneWhoOpensAWaitingGameIsToldItWaitsForASecondPlayer() {
        try (Seat creator = seat(Browser.DESKTOP, "ja"); Seat en = seat(Browser.PHONE, "en"); Seat ja = seat(Browser.PHONE, "ja")) {
            String id = creator.create("Waits", Map.of("side", "sente", "tcKind", "unlimited", "postSeek", "false"));
            creator.browser.find("#share-link");
            assertThat(creator.statusText()).isEqualTo("相手を待っています");
            // Nobody is to move before the second player comes: whoever else opens the link is told so.
            en.browser.open(base + "/game/" + id);
            en.browser.find("#join");
            assertThat(en.you()).isNull();
            assertThat(en.statusText()).isEqualTo("Waiting for a second player");
            assertThat(en.browser.text(".player-top .name")).isEqualTo("Open seat");
            en.browser.screenshot("game-waiting-visitor-phone");
            ja.browser.open(base + "/game/" + id);
            ja.browser.find("#join");
            assertThat(ja.statusText()).isEqualTo("二人目の対局者を待っています");
            assertThat(ja.browser.text(".player-top .name")).isEqualTo("空席");
            ja.browser.screenshot("game-waiting-visitor-ja-phone");
        }
    }

    @Test
    void playersWithoutANameAreShownAnonymousInTheLanguageOfEachPage() {
        try (Seat en = seat(Browser.DESKTOP, "en"); Seat ja = seat(Browser.PHONE, "ja")) {
            String id = en.create("", Map.of("side", "sente", "tcKind", "unlimited"));
            ja.acceptSeek(id, "");
            en.browser.await("the game started", d -> "playing".equals(en.status()));
            assertThat(en.browser.text(".player-bottom .name")).isEqualTo("Anonymous");
            assertThat(en.browser.text(".player-top .name")).isEqualTo("Anonymous");
            assertThat(ja.browser.text(".player-bottom .name")).isEqualTo("名無し");
            assertThat(ja.browser.text(".player-top .name")).isEqualTo("名無し");
            ja.browser.screenshot("game-anonymous-ja-phone");
            // A game stored by an older page in Japanese, which sent 名無し for a player who gave no name.
            String older = (String) ja.browser.asyncScript("const done = arguments[arguments.length - 1];"
                    + "fetch('/api/games', {method: 'POST', body: JSON.stringify({name: '名無し', side: 'sente'})})"
                    + ".then(r => r.json()).then(s => done(s.gameId))");
            en.browser.open(base + "/game/" + older);
            en.browser.find("#join");
            assertThat(en.browser.text(".player-bottom .name")).isEqualTo("Anonymous");

            // The lobby's lists, in each page's language; the default name is looked up in either language.
            String row = "#live-games tr[data-game='" + id + "'] td";
            en.browser.open(base + "/");
            assertThat(en.browser.text(row)).isEqualTo("☗Anonymous – ☖Anonymous");
            ja.browser.open(base + "/");
            assertThat(ja.browser.text(row)).isEqualTo("☗名無し – ☖名無し");
            org.openqa.selenium.WebElement search = ja.browser.find("#player-search");
            search.clear();
            search.sendKeys("名無し", org.openqa.selenium.Keys.TAB);
            assertThat(ja.browser.text("#player-games tr[data-game='" + older + "'] td")).isEqualTo("☗名無し – ☖…");
            assertThat(ja.browser.text("#player-games tr[data-game='" + id + "'] td")).isEqualTo("☗名無し – ☖名無し");
            assertThat(ja.browser.text(".lobby section:last-child h2")).isEqualTo("名無しの対局");
            ja.browser.script("document.getElementById('player-games').scrollIntoView({block: 'center'})");
            ja.browser.screenshot("lobby-anonymous-ja-phone");
            search = en.browser.find("#player-search");
            search.clear();
            search.sendKeys("名無し", org.openqa.selenium.Keys.TAB);
            assertThat(en.browser.text("#player-games tr[data-game='" + older + "'] td")).isEqualTo("☗Anonymous – ☖…");
            assertThat(en.browser.text(".lobby section:last-child h2")).isEqualTo("Games of Anonymous");
            en.browser.script("document.getElementById('player-games').scrollIntoView({block: 'center'})");
            en.browser.screenshot("lobby-anonymous-desktop");
        }
    }

    @Test
    void theLobbyShowsEachTimeControlInTheLanguageOfThePage() {
        try (Seat en = seat(Browser.DESKTOP, "en"); Seat ja = seat(Browser.PHONE, "ja")) {
            String id = en.create("Byo", Map.of("side", "sente", "tcKind", "byoyomi", "mainMinutes", "1", "byoyomiSeconds", "20"));
            en.browser.find("#share-link");
            // A game without a clock, being played.
            String free = (String) en.browser.asyncScript("const done = arguments[arguments.length - 1];"
                    + "fetch('/api/games', {method: 'POST', body: JSON.stringify({name: 'Free', side: 'sente'})}).then(r => r.json())"
                    + ".then(s => fetch('/api/games/' + s.gameId + '/join', {method: 'POST', body: JSON.stringify({name: 'Also'})}).then(() => done(s.gameId)))");
            String seek = "#seeks tr[data-game='" + id + "'] td.time-control";
            ja.browser.open(base + "/");
            assertThat(ja.browser.text(seek)).isEqualTo("1分 秒読み20秒");
            assertThat(ja.browser.text("#live-games tr[data-game='" + free + "'] td:nth-child(3)")).isEqualTo("時間無制限");
            ja.browser.click("#lang");
            ja.browser.await("the English lobby", d -> "日本語".equals(ja.browser.text("#lang")));
            assertThat(ja.browser.text(seek)).isEqualTo("1 min + 20 s byoyomi");
            assertThat(ja.browser.text("#live-games tr[data-game='" + free + "'] td:nth-child(3)")).isEqualTo("Unlimited");
            ja.browser.script("document.getElementById('seeks').scrollIntoView({block: 'center'})");
            ja.browser.screenshot("lobby-seek-time-control-phone");
            ja.browser.click("#lang");
            ja.browser.await("the Japanese lobby", d -> "English".equals(ja.browser.text("#lang")));
            ja.acceptSeek(id, "Hanako");

            // Being played, and in each player's games.
            en.browser.open(base + "/");
            assertThat(en.browser.text("#live-games tr[data-game='" + id + "'] td:nth-child(3)")).isEqualTo("1 min + 20 s byoyomi");
            assertThat(en.browser.text("#player-games tr[data-game='" + id + "'] td:nth-child(3)")).isEqualTo("1 min + 20 s byoyomi");
            assertThat(en.browser.text("table:has(#live-games) thead")).isEqualTo("Players Handicap Time control Moves");
            en.browser.screenshot("lobby-time-control-desktop");
            ja.browser.open(base + "/");
            assertThat(ja.browser.text("#live-games tr[data-game='" + id + "'] td:nth-child(3)")).isEqualTo("1分 秒読み20秒");
            assertThat(ja.browser.text("#player-games tr[data-game='" + id + "'] td:nth-child(3)")).isEqualTo("1分 秒読み20秒");
            assertThat(texts(ja.browser, "table:has(#player-games) th")).as("the heads, hidden on a phone")
                    .containsExactly("対局者", "手合割", "持ち時間", "手数", "結果");
            ja.browser.script("document.getElementById('live-games').scrollIntoView({block: 'start'})");
            ja.browser.screenshot("lobby-time-control-phone");
        }
    }

    @Test
    void aRematchIsOfferedDeclinedOfferedAgainAndAcceptedAndThePlayersChangeSides() {
        try (Seat sente = seat(Browser.DESKTOP, "en"); Seat gote = seat(Browser.PHONE, "ja")) {
            String id = sente.create("Ayumi", Map.of("side", "sente", "tcKind", "byoyomi", "mainMinutes", "5", "byoyomiSeconds", "10",
                    "postSeek", "false"));
            gote.joinByLink(id, "Kenji");
            sente.play("7g7f");
            gote.awaitMyTurn();
            gote.browser.click("#resign");
            gote.browser.click("#resign-yes");
            assertThat(sente.awaitEnd()).isEqualTo("RESIGNATION");
            assertThat(gote.awaitEnd()).isEqualTo("RESIGNATION");

            sente.browser.click("#rematch");
            sente.browser.await("the offer shown to its player", d -> !sente.browser.all("#rematch-withdraw").isEmpty());
            gote.browser.await("the offer shown to the opponent", d -> !gote.browser.all("#rematch-accept").isEmpty());
            assertThat(gote.browser.text(".panel.rematch")).contains("相手が再戦を申し込んでいます");
            gote.browser.screenshot("game-rematch-offered-phone");
            gote.browser.click("#rematch-decline");
            sente.browser.await("the offer gone after the decline", d -> !sente.browser.all("#rematch").isEmpty());

            sente.browser.click("#rematch");
            gote.browser.await("the second offer", d -> !gote.browser.all("#rematch-accept").isEmpty());
            gote.browser.click("#rematch-accept");
            sente.browser.await("the offerer in the rematch", d -> !sente.gameId().equals(id) && "playing".equals(sente.status()));
            gote.browser.await("the accepter in the rematch", d -> !gote.gameId().equals(id) && "playing".equals(gote.status()));
            assertThat(gote.gameId()).isEqualTo(sente.gameId());
            assertThat(sente.you()).as("Ayumi was sente and is gote now").isEqualTo("gote");
            assertThat(gote.you()).isEqualTo("sente");
            assertThat(sente.browser.text(".player-top .name")).isEqualTo("Kenji");
            gote.play("2g2f");
            sente.play("8c8d");
            assertThat(gote.moveTexts()).containsExactly("▲２六歩(27)", "△８四歩(83)");
            sente.browser.screenshot("game-rematch-desktop");
        }
    }

    @Test
    void aPremoveIsPlayedWhenTheTurnComesAndDroppedWhenTheNewPositionForbidsIt() throws InterruptedException {
        try (Seat sente = seat(Browser.DESKTOP, "en"); Seat gote = seat(Browser.DESKTOP, "en")) {
            String id = sente.create("Sente", Map.of("side", "sente", "tcKind", "unlimited", "postSeek", "false"));
            gote.joinByLink(id, "Gote");
            sente.play("7g7f");
            gote.play("3c3d");
            // Gote chooses ahead to take the bishop on 8h; sente takes gote's bishop first, so the premove has no
            // piece left to move and is dropped.
            gote.premove("2b8h+");
            assertThat(gote.browser.all(".mj-sq.premove").stream().map(e -> e.getDomAttribute("data-square")).toList())
                    .containsExactlyInAnyOrder("2b", "8h");
            sente.play("8h2b+");
            gote.awaitPly(3);
            gote.browser.await("the premove dropped", d -> gote.browser.all(".mj-sq.premove").isEmpty());
            Thread.sleep(500);
            assertThat(gote.ply()).as("nothing was sent for the premove").isEqualTo(3);
            gote.play("3a2b");
            // Chosen ahead while sente thinks, and played as soon as sente has moved.
            gote.premove("8c8d");
            assertThat(gote.statusText()).isEqualTo("Waiting for your opponent · move chosen ahead (click the board to take it back)");
            gote.browser.screenshot("game-premove-desktop");
            sente.play("2g2f");
            sente.awaitPly(6);
            assertThat(sente.lastMoveUsi()).isEqualTo("8c8d");
            gote.awaitPly(6);
            assertThat(gote.browser.all(".mj-sq.premove")).isEmpty();
            // A premove is taken back by a click on the board.
            gote.premove("8d8e");
            gote.browser.clickSquare("5e");
            gote.browser.await("the premove taken back", d -> gote.browser.all(".mj-sq.premove").isEmpty());
            sente.play("2f2e");
            Thread.sleep(500);
            assertThat(gote.ply()).isEqualTo(7);
            assertThat(gote.turn()).isEqualTo("gote");
        }
    }

    @Test
    void anImpasseIsProposedAndAcceptedUnderProfessionalRules() throws InterruptedException {
        // A real game of the test data (csa/mog-core-scala/002.csa, Apache-2.0): after 199 moves both kings are
        // in the enemy camp, sente with 39 points and gote with 15.
        List<String> moves = dev.meijin.notation.kifu.GameRecords.fromKifu(dev.meijin.notation.csa.CsaReader.read(
                dev.meijin.testdata.TestData.text("csa/mog-core-scala/002.csa", java.nio.charset.StandardCharsets.UTF_8)).kifu())
                .game().usiMoves().subList(0, 199);
        try (Seat sente = seat(Browser.DESKTOP, "en"); Seat gote = seat(Browser.PHONE, "ja")) {
            String id = sente.create("Pro", Map.of("side", "sente", "rules", "professional", "tcKind", "unlimited", "postSeek", "false"));
            gote.joinByLink(id, "Kishi");
            sente.awaitMyTurn();
            assertThat(sente.browser.all("#declare")).as("no declaration under professional rules").isEmpty();
            assertThat(sente.browser.all("#impasse-offer")).as("no proposal before both kings have entered").isEmpty();
            assertThat(sente.browser.all("#impasse")).as("no counts while the kings are at home").isEmpty();
            try (SocketPlayer s = new SocketPlayer(base, id, secretOf(sente, id)); SocketPlayer g = new SocketPlayer(base, id, secretOf(gote, id))) {
                for (int i = 0; i < moves.size(); i++) {
                    if (i == 180) {
                        // Gote's king has just reached the rank next to sente's camp: the counts show, but with neither
                        // king entered no impasse can be proposed, and sente's 35 points do not stand out.
                        sente.awaitPly(180);
                        assertThat(sente.browser.text("#impasse tr[data-color='sente'] .points")).isEqualTo("35 / 24");
                        assertThat(sente.browser.attribute("#impasse tr[data-color='sente']", "class")).isEmpty();
                        assertThat(sente.browser.all("#impasse-offer")).isEmpty();
                    }
                    (i % 2 == 0 ? s : g).move(moves.get(i), i);
                    Thread.sleep(30); // each socket may send 20 messages a second
                }
            }
            gote.awaitPly(199);
            sente.awaitPly(199);
            assertThat(sente.browser.text("#impasse tr[data-color='sente'] .points")).isEqualTo("39 / 24");
            assertThat(sente.browser.text("#impasse tr[data-color='gote'] .points")).isEqualTo("15 / 24");
            assertThat(sente.browser.attribute("#impasse tr[data-color='sente']", "class")).isEqualTo("can-declare");
            assertThat(sente.browser.attribute("#impasse tr[data-color='gote']", "class")).as("short of 24 points").isEmpty();
            gote.browser.click("#impasse-offer");
            sente.browser.await("the proposal shown to sente", d -> !sente.browser.all("#impasse-accept").isEmpty());
            assertThat(sente.browser.text("#impasse-request")).contains("Your opponent proposes an impasse");
            sente.browser.screenshot("game-impasse-proposal-desktop");
            sente.browser.click("#impasse-accept");
            assertThat(sente.awaitEnd()).isEqualTo("IMPASSE");
            assertThat(gote.awaitEnd()).isEqualTo("IMPASSE");
            assertThat(sente.statusText()).as("sente's 39 points against gote's 15").isEqualTo("Sente wins by impasse (jishōgi)");
            gote.browser.screenshot("game-impasse-end-phone");
        }
    }

    @Test
    void theImpasseCountsAndTheDeclarationShowOnceAKingNearsTheEnemyCampAndAFailedDeclarationSaysWhy() throws InterruptedException {
        // Sente's king walks up the seventh file behind its pawn, which takes gote's; gote's king steps to and fro.
        List<String> moves = List.of("7g7f", "5a4b", "7f7e", "4b5a", "7e7d", "5a4b", "7d7c+", "4b5a", "5i6h", "5a4b", "6h7g", "4b5a",
                "7g7f", "5a4b", "7f7e", "4b5a", "7e7d", "5a4b");
        try (Seat sente = seat(Browser.DESKTOP, "en"); Seat gote = seat(Browser.PHONE, "ja")) {
            String id = sente.create("Hasty", Map.of("side", "sente", "rules", "csa", "tcKind", "unlimited", "postSeek", "false"));
            gote.joinByLink(id, "Calm");
            sente.awaitMyTurn();
            try (SocketPlayer s = new SocketPlayer(base, id, secretOf(sente, id)); SocketPlayer g = new SocketPlayer(base, id, secretOf(gote, id))) {
                for (int i = 0; i < moves.size(); i++) {
                    if (i == 16) {
                        // The king on the fifth rank, one step from the rank next to the camp: nothing shown yet.
                        sente.awaitPly(16);
                        gote.awaitPly(16);
                        assertThat(sente.browser.all("#impasse")).isEmpty();
                        assertThat(sente.browser.all("#declare")).isEmpty();
                        assertThat(gote.browser.all("#impasse")).isEmpty();
                    }
                    (i % 2 == 0 ? s : g).move(moves.get(i), i);
                    Thread.sleep(30); // each socket may send 20 messages a second
                }
            }
            sente.awaitPly(18);
            gote.awaitPly(18);
            // On the fourth rank the counts show on both pages (CSA rules: sente needs 28 points, gote 27): sente has a
            // tokin in the camp and a pawn in hand. Neither row stands out, no declaration standing; only sente, whose
            // king is near the camp, has the declaration button, and not highlighted.
            assertThat(sente.browser.text("#impasse tr[data-color='sente'] .points")).isEqualTo("2 / 28");
            assertThat(sente.browser.text("#impasse tr[data-color='gote'] .points")).isEqualTo("0 / 27");
            assertThat(sente.browser.attribute("#impasse tr[data-color='sente']", "class")).isEmpty();
            assertThat(gote.browser.text("#impasse tr[data-color='sente'] .points")).isEqualTo("2 / 28");
            assertThat(sente.browser.attribute("#declare", "data-stands")).isEqualTo("false");
            assertThat(sente.browser.attribute("#declare", "class")).isEmpty();
            assertThat(gote.browser.all("#declare")).as("gote's king is at home").isEmpty();
            sente.browser.screenshot("game-impasse-near-desktop");
            gote.browser.script("document.getElementById('impasse').scrollIntoView({block: 'center'})");
            gote.browser.screenshot("game-impasse-near-phone");

            // A declaration now: the king has not entered the enemy camp, so it loses as an illegal move.
            sente.browser.click("#declare");
            sente.browser.click("#declare-yes");
            assertThat(sente.awaitEnd()).isEqualTo("ILLEGAL_MOVE");
            assertThat(gote.awaitEnd()).isEqualTo("ILLEGAL_MOVE");
            assertThat(sente.statusText()).isEqualTo("Gote wins by illegal move (failed impasse declaration: the king has not entered the enemy camp)");
            assertThat(sente.browser.text("#result")).isEqualTo("Gote wins by illegal move (failed impasse declaration: the king has not entered the enemy camp)");
            assertThat(gote.statusText()).isEqualTo("後手の勝ち（反則・入玉宣言の不成立：玉が敵陣に入っていません）");
            assertThat(gote.browser.text("#result")).isEqualTo("後手の勝ち（反則・入玉宣言の不成立：玉が敵陣に入っていません）");
            sente.browser.screenshot("game-declaration-failed-desktop");
            gote.browser.screenshot("game-declaration-failed-phone");

            // The other reasons, in the server's form (a quick test cannot reach them by playing).
            String show = "window.meijin.state.outcome = {winner: 'gote', reason: 'ILLEGAL_MOVE', ja: '反則', detail: '', text: '',"
                    + " declarationFailure: {reason: arguments[0], have: arguments[1], needed: arguments[2]}}; window.meijin.render()";
            sente.browser.script(show, "TOO_FEW_PIECES_IN_CAMP", 8, 10);
            assertThat(sente.statusText()).isEqualTo(
                    "Gote wins by illegal move (failed impasse declaration: only 8 pieces besides the king in the enemy camp, 10 needed)");
            gote.browser.script(show, "TOO_FEW_PIECES_IN_CAMP", 8, 10);
            assertThat(gote.statusText()).isEqualTo("後手の勝ち（反則・入玉宣言の不成立：敵陣の駒が玉のほかに8枚、10枚必要）");
            sente.browser.script(show, "TOO_FEW_POINTS", 26, 28);
            assertThat(sente.statusText()).isEqualTo("Gote wins by illegal move (failed impasse declaration: 26 points, 28 needed)");
            gote.browser.script(show, "TOO_FEW_POINTS", 26, 28);
            assertThat(gote.statusText()).isEqualTo("後手の勝ち（反則・入玉宣言の不成立：26点、28点必要）");
            sente.browser.script(show, "IN_CHECK", null, null);
            assertThat(sente.statusText()).isEqualTo("Gote wins by illegal move (failed impasse declaration: the king is in check)");
            gote.browser.script(show, "IN_CHECK", null, null);
            assertThat(gote.statusText()).isEqualTo("後手の勝ち（反則・入玉宣言の不成立：王手がかかっています）");
        }
    }

    /** The secret this page holds for a game (the page keeps its seats in local storage). */
    private static String secretOf(Seat seat, String gameId) {
        return (String) seat.browser.script("return JSON.parse(localStorage.getItem('meijin.seats'))[arguments[0]].secret", gameId);
    }

    @Test
    void aPieceCapturedIsDroppedFromTheHand() {
        try (Seat sente = seat(Browser.DESKTOP, "ja"); Seat gote = seat(Browser.TABLET, "en")) {
            String id = sente.create("Sente", Map.of("side", "sente", "tcKind", "unlimited", "postSeek", "false"));
            gote.joinByLink(id, "Gote");
            sente.play("7g7f");
            gote.play("3c3d");
            sente.play("8h2b+");
            gote.play("3a2b");
            // Each side now has a bishop in hand.
            sente.awaitPly(4);
            assertThat(sente.browser.all(".mj-hand-piece[data-hand='sente'][data-role='B']")).hasSize(1);
            assertThat(sente.browser.all(".mj-hand-piece[data-hand='gote'][data-role='B']")).hasSize(1);
            sente.play("B*5e");
            assertThat(sente.pieceOn("5e")).isEqualTo("B");
            assertThat(sente.colorOn("5e")).isEqualTo("sente");
            assertThat(sente.browser.all(".mj-hand-piece[data-hand='sente']")).isEmpty();
            gote.awaitPly(5);
            assertThat(gote.pieceOn("5e")).isEqualTo("B");
            assertThat(sente.moveTexts()).last().isEqualTo("▲５五角打");
            sente.browser.screenshot("game-drop-desktop");
            gote.browser.script("window.scrollTo(0, 0)");
            gote.browser.screenshot("game-drop-tablet");
        }
    }

    @Test
    void aHandicapGameIsPlayedWithTheGiverMovingFirst() {
        try (Seat shitate = seat(Browser.DESKTOP, "ja"); Seat uwate = seat(Browser.PHONE, "ja")) {
            String id = shitate.create("下手さん", Map.of("handicap", "TWO_PIECE", "side", "sente", "tcKind", "byoyomi",
                    "mainMinutes", "5", "byoyomiSeconds", "30", "postSeek", "false"));
            uwate.joinByLink(id, "上手さん");
            assertThat(uwate.you()).isEqualTo("gote");
            assertThat(uwate.turn()).as("the giver moves first").isEqualTo("gote");
            // The giver's rook and bishop are gone; his king is 王, the receiver's 玉.
            assertThat(uwate.pieceOn("8b")).isNull();
            assertThat(uwate.pieceOn("2b")).isNull();
            assertThat(uwate.kanjiOn("5a")).isEqualTo("王");
            assertThat(uwate.kanjiOn("5i")).isEqualTo("玉");
            // Each sees his own side at the bottom.
            assertThat(uwate.browser.attribute(".mj-hand-bottom", "data-color")).isEqualTo("gote");
            assertThat(uwate.browser.text(".player-bottom .mark")).isEqualTo("☖上手");
            assertThat(shitate.browser.text(".player-bottom .mark")).isEqualTo("☗下手");
            uwate.play("3c3d");
            shitate.play("7g7f");
            uwate.play("4a3b");
            shitate.awaitPly(3);
            assertThat(shitate.moveTexts()).containsExactly("△３四歩(33)", "▲７六歩(77)", "△３二金(41)");
            uwate.browser.screenshot("game-handicap-phone");
            shitate.browser.screenshot("game-handicap-desktop");
        }
    }

    @Test
    void handicapsAreNamedAsHandicapsInEnglishInTheListsAndOnTheGamePage() {
        try (Seat giver = seat(Browser.DESKTOP, "ja"); Seat en = seat(Browser.PHONE, "en")) {
            String id = giver.create("先手太郎", Map.of("handicap", "ROOK", "side", "gote", "rules", "professional", "tcKind", "unlimited"));
            en.browser.open(base + "/");
            en.browser.find("#seeks tr[data-game='" + id + "']");
            assertThat(texts(en.browser, "#seeks tr[data-game='" + id + "'] td:nth-child(2)")).containsExactly("Rook handicap");
            assertThat(en.browser.find("#handicap").getDomProperty("value")).isEqualTo("EVEN");
            assertThat(texts(en.browser, "#handicap option[value='BISHOP']")).containsExactly("Bishop handicap");
            en.acceptSeek(id, "Hanako");
            assertThat(en.browser.text("#info")).isEqualTo("Rook handicap · Unlimited · Professional");
            assertThat(giver.browser.text("#info")).isEqualTo("飛車落ち · 時間無制限 · プロ公式");
            en.browser.open(base + "/");
            en.browser.find("#live-games tr[data-game='" + id + "']");
            assertThat(texts(en.browser, "#live-games tr[data-game='" + id + "'] td:nth-child(2)")).containsExactly("Rook handicap");
            en.browser.script("document.getElementById('live-games').scrollIntoView({block: 'start'})");
            en.browser.screenshot("lobby-handicap-names-phone");
        }
    }

    @Test
    void aSeekSaysWhatTheOneWhoAcceptsItPlaysAndUnderWhichRules() {
        try (Seat giver = seat(Browser.DESKTOP, "ja"); Seat tosser = seat(Browser.PHONE, "en"); Seat viewer = seat(Browser.DESKTOP, "en")) {
            // 飛車落ち under professional rules, its creator giving the rook (上手): whoever accepts is 下手.
            String rook = giver.create("先手太郎", Map.of("handicap", "ROOK", "side", "gote", "rules", "professional", "tcKind", "unlimited"));
            // An even game whose sides furigoma decides: the pieces are tossed when someone accepts it.
            String even = tosser.create("Toss", Map.of("side", "random", "rules", "amateur", "tcKind", "byoyomi", "mainMinutes", "5",
                    "byoyomiSeconds", "30"));
            viewer.browser.open(base + "/");
            viewer.browser.find("#seeks tr[data-game='" + even + "']");
            assertThat(texts(viewer.browser, "table:has(#seeks) th")).containsExactly("Players", "Handicap", "You play", "Rules", "Time control", "");
            assertThat(texts(viewer.browser, "#seeks tr[data-game='" + rook + "'] td")).containsExactly(
                    "先手太郎", "Rook handicap", "Receiver (shitate), second", "Professional", "Unlimited", "Accept");
            assertThat(texts(viewer.browser, "#seeks tr[data-game='" + even + "'] td")).containsExactly(
                    "Toss", "Even", "Furigoma", "24 points", "5 min + 30 s byoyomi", "Accept");
            viewer.browser.script("document.getElementById('seeks').scrollIntoView({block: 'center'})");
            viewer.browser.screenshot("lobby-seeks-sides-desktop");
            viewer.browser.click("#lang");
            viewer.browser.await("the Japanese lobby", d -> "English".equals(viewer.browser.text("#lang")));
            viewer.browser.find("#seeks tr[data-game='" + even + "']");
            assertThat(texts(viewer.browser, "table:has(#seeks) th")).containsExactly("対局者", "手合割", "受けると", "ルール", "持ち時間", "");
            assertThat(texts(viewer.browser, "#seeks tr[data-game='" + rook + "'] td")).containsExactly(
                    "先手太郎", "飛車落ち", "下手（後に指す）", "プロ公式", "時間無制限", "受ける");
            assertThat(texts(viewer.browser, "#seeks tr[data-game='" + even + "'] td")).containsExactly(
                    "Toss", "平手", "振り駒", "24点法", "5分 秒読み30秒", "受ける");
            // On a phone each seek is a card: the side is said with whose it is.
            viewer.browser.driver.manage().window().setSize(Browser.PHONE);
            assertThat(viewer.browser.script("return getComputedStyle(document.querySelector(\"#seeks tr[data-game='" + rook
                    + "'] td.seek-side\"), '::before').content")).isEqualTo("\"· 受けると \"");
            viewer.browser.script("document.getElementById('seeks').scrollIntoView({block: 'center'})");
            viewer.browser.screenshot("lobby-seeks-sides-ja-phone");
            // Accepting gives what the seek said.
            viewer.acceptSeek(rook, "Hanako");
            assertThat(viewer.you()).isEqualTo("sente");
            assertThat(viewer.browser.text(".player-bottom .mark")).isEqualTo("☗下手");
        }
    }

    @Test
    void theLobbyFormSaysWhatIsWrongWithItsTimeControlInTheLanguageOfThePageBeforeSendingIt() {
        try (Seat en = seat(Browser.PHONE, "en"); Seat ja = seat(Browser.DESKTOP, "ja")) {
            // Sudden death without main time: said at once, nothing sent.
            assertThat(formRefusal(en, "sudden", Map.of("mainMinutes", "0"))).isEqualTo("Sudden death needs a main time of at least 1 minute");
            assertThat(en.browser.attribute("#mainMinutes", "aria-invalid")).isEqualTo("true");
            assertThat(en.browser.script("return document.activeElement.id")).isEqualTo("mainMinutes");
            en.browser.screenshot("lobby-form-refused-phone");
            assertThat(formRefusal(en, "fischer", Map.of("mainMinutes", "0", "incrementSeconds", "10")))
                    .isEqualTo("Increment needs a main time of at least 1 minute");
            assertThat(formRefusal(en, "byoyomi", Map.of("mainMinutes", "700"))).isEqualTo("Main time (min) must be from 0 to 600");
            assertThat(formRefusal(en, "byoyomi", Map.of("mainMinutes", "1.5"))).isEqualTo("Main time (min): enter a whole number");
            assertThat(formRefusal(en, "byoyomi", Map.of("mainMinutes", ""))).isEqualTo("Main time (min): enter a whole number");
            assertThat(formRefusal(en, "byoyomi", Map.of("byoyomiSeconds", "0"))).isEqualTo("Byoyomi (s) must be from 1 to 600");
            assertThat(en.browser.attribute("#mainMinutes", "aria-invalid")).as("only the wrong field is marked").isEmpty();
            assertThat(formRefusal(en, "byoyomi", Map.of("periods", "11"))).isEqualTo("Periods must be from 1 to 10");
            assertThat(formRefusal(en, "fischer", Map.of("incrementSeconds", "-5"))).isEqualTo("Increment (s) must be from 1 to 600");

            assertThat(formRefusal(ja, "sudden", Map.of("mainMinutes", "0"))).isEqualTo("切れ負けでは持ち時間を1分以上にしてください");
            assertThat(formRefusal(ja, "fischer", Map.of("mainMinutes", "0"))).isEqualTo("フィッシャーでは持ち時間を1分以上にしてください");
            assertThat(formRefusal(ja, "byoyomi", Map.of("byoyomiSeconds", "601"))).isEqualTo("秒読み（秒）は1〜600の範囲で入力してください");
            assertThat(formRefusal(ja, "byoyomi", Map.of("mainMinutes", "2.5"))).isEqualTo("持ち時間（分）には整数を入力してください");
            ja.browser.screenshot("lobby-form-refused-ja-desktop");
            String listed = (String) ja.browser.asyncScript("const done = arguments[arguments.length - 1];"
                    + "fetch('/api/games?player=FormCheck').then(r => r.json()).then(l => done(JSON.stringify(l.games)))");
            assertThat(listed).as("nothing was sent").isEqualTo("[]");

            // Once the time control is right, the game is created.
            String id = ja.create("FormCheck", Map.of("tcKind", "sudden", "mainMinutes", "1", "side", "sente", "postSeek", "false"));
            assertThat(ja.browser.text("#info")).isEqualTo("平手 · 1分 切れ負け · CSA (27点)");
            assertThat(id).isNotBlank();
        }
    }

    /**
     * Fills the lobby form of a page under the name FormCheck with this time control and these fields (the others
     * at their defaults), presses create, and returns what the page says is wrong; the page stays in the lobby.
     */
    private static String formRefusal(Seat s, String tcKind, Map<String, String> fields) {
        Browser b = s.browser;
        b.open(base + "/");
        b.find("#create-form");
        b.find("#name").clear();
        b.find("#name").sendKeys("FormCheck");
        b.select("#tcKind", tcKind);
        for (Map.Entry<String, String> f : fields.entrySet()) {
            org.openqa.selenium.WebElement input = b.find("#" + f.getKey());
            input.clear();
            input.sendKeys(f.getValue());
        }
        b.click("#create");
        String message = b.await("the form's refusal", d -> b.find("#create-error").isDisplayed() ? b.text("#create-error") : null);
        assertThat(b.driver.getCurrentUrl()).isEqualTo(base + "/");
        return message;
    }

    @Test
    void myGamesListsTheGamesOfThisBrowsersSeatsForAPlayerWithoutAName() {
        try (Seat anon = seat(Browser.PHONE, "ja"); Seat other = seat(Browser.DESKTOP, "en")) {
            String id = anon.create("", Map.of("side", "sente", "tcKind", "unlimited", "postSeek", "false"));
            other.joinByLink(id, "");
            anon.play("7g7f");
            // A game between two other players without a name: not this browser's.
            String foreign = (String) other.browser.asyncScript("const done = arguments[arguments.length - 1];"
                    + "fetch('/api/games', {method: 'POST', body: JSON.stringify({side: 'sente'})}).then(r => r.json())"
                    + ".then(s => fetch('/api/games/' + s.gameId + '/join', {method: 'POST', body: '{}'}).then(() => done(s.gameId)))");
            String mine = "#player-games tr[data-game='" + id + "']";
            anon.browser.open(base + "/");
            anon.browser.find(mine);
            assertThat(anon.browser.text(".lobby section:last-child h2")).isEqualTo("自分の対局");
            assertThat(texts(anon.browser, mine + " td")).containsExactly("☗名無し – ☖名無し", "平手", "時間無制限", "1", "対局中");
            assertThat(anon.browser.all("#player-games tr[data-game='" + foreign + "']")).isEmpty();

            // Once it is over, each browser says whether its player won, though both seats have the same name.
            other.browser.click("#resign");
            other.browser.click("#resign-yes");
            assertThat(other.awaitEnd()).isEqualTo("RESIGNATION");
            anon.browser.open(base + "/");
            anon.browser.await("the result", d -> texts(anon.browser, mine + " td:last-child").equals(List.of("勝ち（投了）")));
            anon.browser.script("document.getElementById('player-games').scrollIntoView({block: 'center'})");
            anon.browser.screenshot("lobby-my-games-anonymous-ja-phone");
            other.browser.open(base + "/");
            other.browser.find(mine);
            assertThat(other.browser.text(".lobby section:last-child h2")).isEqualTo("My games");
            assertThat(texts(other.browser, mine + " td")).containsExactly("☗Anonymous – ☖Anonymous", "Even", "Unlimited", "1",
                    "Lost by resignation");

            // With a name, the games played under it (here one created elsewhere) come as well, and those of the
            // browser's seats stay.
            String named = (String) anon.browser.asyncScript("localStorage.setItem('meijin.name', 'Named');"
                    + "const done = arguments[arguments.length - 1];"
                    + "fetch('/api/games', {method: 'POST', body: JSON.stringify({name: 'Named', side: 'gote'})}).then(r => r.json())"
                    + ".then(s => done(s.gameId))");
            anon.browser.open(base + "/");
            anon.browser.find("#player-games tr[data-game='" + named + "']");
            assertThat(texts(anon.browser, "#player-games tr")).hasSize(2);
            assertThat(anon.browser.all(mine)).hasSize(1);
            assertThat(anon.browser.text(".lobby section:last-child h2")).isEqualTo("自分の対局");
            // Searching another name shows that player's games only.
            org.openqa.selenium.WebElement search = anon.browser.find("#player-search");
            search.clear();
            search.sendKeys("Nobody", org.openqa.selenium.Keys.TAB);
            anon.browser.await("another player's games", d -> "Nobodyの対局".equals(anon.browser.text(".lobby section:last-child h2")));
            anon.browser.await("the list emptied", d -> anon.browser.all(mine).isEmpty());
        }
    }

    @Test
    void anUnknownAddressShowsAPageNotFoundWithALinkToTheLobby() {
        try (Seat s = seat(Browser.PHONE, "en")) {
            Browser b = s.browser;
            b.open(base + "/nosuchpage");
            assertThat(b.text("#not-found h1")).isEqualTo("ページが見つかりません Page not found");
            assertThat(b.text("#path")).isEqualTo("/nosuchpage");
            assertThat(overflow(b)).isEmpty();
            assertThat(b.script("return getComputedStyle(document.querySelector('.topbar')).backgroundColor")).as("the site's style")
                    .isEqualTo("rgb(43, 29, 16)");
            b.screenshot("not-found-phone");
            b.click("#to-lobby");
            b.await("the lobby", d -> d.getCurrentUrl().equals(base + "/") && !b.all("#create-form").isEmpty());
            // The API answers as an API does.
            b.open(base + "/api/nosuchthing");
            assertThat(b.bodyText()).isEqualTo("{\"error\":{\"code\":\"unknown_route\",\"message\":\"there is no endpoint GET /api/nosuchthing\"}}");
        }
    }

    @Test
    void aPlayerWhoReconnectsInTheMiddleOfAGameFindsItExactlyAsItWas() {
        try (Seat sente = seat(Browser.DESKTOP, "en"); Seat gote = seat(Browser.DESKTOP, "en")) {
            String id = sente.create("Reconnects", Map.of("side", "sente", "tcKind", "byoyomi", "mainMinutes", "10",
                    "byoyomiSeconds", "30", "postSeek", "false"));
            gote.joinByLink(id, "Stays");
            sente.play("7g7f");
            gote.play("3c3d");
            sente.play("2g2f");
            String sfen = gote.sfen();
            long mainBefore = clockMs(gote, "gote");

            // A reload: a new page and a new connection.
            gote.browser.driver.navigate().refresh();
            gote.awaitPly(3);
            assertThat(gote.sfen()).isEqualTo(sfen);
            assertThat(gote.turn()).isEqualTo("gote");
            assertThat(gote.you()).isEqualTo("gote");
            assertThat(gote.moveTexts()).hasSize(3);
            long mainAfter = clockMs(gote, "gote");
            // The page counts the running clock down between server messages, so the figure read before the
            // reload may run a few milliseconds ahead of the server's; it must not have been given time back.
            assertThat(mainAfter).as("the running clock went on while away").isLessThanOrEqualTo(mainBefore + 250).isGreaterThan(mainBefore - 30_000);

            // A dropped connection: the page reconnects by itself and the game goes on.
            gote.browser.script("window.meijin.socket.drop()");
            gote.play("8c8d");
            sente.awaitPly(4);
            assertThat(sente.lastMoveUsi()).isEqualTo("8c8d");
            gote.browser.screenshot("game-reconnected-desktop");
        }
    }

    @Test
    void aPlayerWhoLeavesLosesWhenTheOpponentClaimsTheGame() {
        try (Seat stays = seat(Browser.PHONE, "en")) {
            String id;
            try (Seat leaves = seat(Browser.DESKTOP, "en")) {
                id = stays.create("Stays", Map.of("side", "sente", "tcKind", "unlimited", "postSeek", "false"));
                leaves.joinByLink(id, "Leaves");
                stays.play("7g7f");
                leaves.play("3c3d");
                stays.awaitMyTurn();
            }
            // The opponent's window is closed: first a notice, then after the wait the claim.
            stays.browser.await("the notice", d -> stays.browser.bodyText().contains("Your opponent is disconnected"));
            assertThat(stays.browser.all("#claim")).isEmpty();
            stays.browser.click("#claim");
            assertThat(stays.awaitEnd()).isEqualTo("FORFEIT");
            assertThat(stays.statusText()).isEqualTo("Sente wins by forfeit");
            stays.browser.screenshot("game-claimed-phone");
        }
    }

    private static long clockMs(Seat seat, String color) {
        return Long.parseLong(seat.browser.attribute("#clock-" + color, "data-ms"));
    }

    @Test
    void aPlayerWhoLetsTheByoyomiRunOutLosesOnTime() {
        try (Seat sente = seat(Browser.DESKTOP, "en"); Seat gote = seat(Browser.PHONE, "en")) {
            String id = sente.create("Quick", Map.of("side", "sente", "tcKind", "byoyomi", "mainMinutes", "0",
                    "byoyomiSeconds", "4", "postSeek", "false"));
            gote.joinByLink(id, "Slow");
            sente.play("7g7f");
            // Gote's byoyomi runs: the clock turns red and the last seconds are counted.
            gote.browser.await("the clock in its last seconds", d -> gote.browser.attribute("#clock-gote", "class").contains("low"));
            gote.browser.screenshot("game-byoyomi-phone");
            assertThat(gote.awaitEnd()).isEqualTo("TIME_LOSS");
            assertThat(sente.awaitEnd()).isEqualTo("TIME_LOSS");
            assertThat(sente.statusText()).isEqualTo("Sente wins by time");
            @SuppressWarnings("unchecked")
            List<Number> counted = (List<Number>) gote.browser.script("return window.meijinCountdown || []");
            assertThat(counted.stream().map(Number::intValue).toList()).as("seconds counted on the loser's page").contains(3, 2, 1);
            gote.browser.screenshot("game-time-loss-phone");
        }
    }

    @Test
    void theByoyomiPeriodsLeftAreShownDownToTheLast() {
        try (Seat sente = seat(Browser.DESKTOP, "en"); Seat gote = seat(Browser.PHONE, "ja")) {
            String id = sente.create("Periods", Map.of("side", "sente", "tcKind", "byoyomi", "mainMinutes", "0",
                    "byoyomiSeconds", "3", "periods", "2", "postSeek", "false"));
            gote.joinByLink(id, "Slow");
            sente.play("7g7f");
            // Gote's clock runs through its first period of 3 s into the second and last.
            gote.browser.await("the first period", d -> "秒読み 3秒 ×2".equals(gote.browser.text("#clock-gote .byo")));
            assertThat(sente.browser.text("#clock-gote .byo")).isEqualTo("byoyomi 3s ×2");
            gote.browser.await("the last period", d -> "秒読み 3秒 ×1".equals(gote.browser.text("#clock-gote .byo")));
            sente.browser.await("the last period on the other page", d -> "byoyomi 3s ×1".equals(sente.browser.text("#clock-gote .byo")));
            gote.browser.screenshot("game-byoyomi-last-period-phone");
            assertThat(gote.browser.text("#clock-sente .byo")).as("sente's periods, untouched").isEqualTo("秒読み 3秒 ×2");
            assertThat(gote.awaitEnd()).isEqualTo("TIME_LOSS");
        }
    }

    @Test
    void aTakebackOfferedInAFriendlyGameIsAcceptedByTheOpponent() {
        try (Seat sente = seat(Browser.DESKTOP, "en"); Seat gote = seat(Browser.PHONE, "en")) {
            String id = sente.create("Kind", Map.of("side", "sente", "rules", "casual", "tcKind", "unlimited", "postSeek", "false"));
            gote.joinByLink(id, "Hasty");
            sente.play("7g7f");
            gote.awaitPly(1);
            assertThat(sente.browser.all("#takeback-offer")).as("sente may take back 7g7f").hasSize(1);
            assertThat(gote.browser.all("#takeback-offer")).as("gote has no move of its own to take back").isEmpty();
            gote.play("3c3d");
            gote.browser.click("#takeback-offer");
            sente.browser.find("#takeback-request");
            sente.browser.screenshot("game-takeback-request-desktop");
            sente.browser.click("#takeback-accept");
            gote.browser.await("the move taken back", d -> gote.ply() == 1);
            sente.browser.await("the move taken back", d -> sente.ply() == 1);
            assertThat(gote.turn()).isEqualTo("gote");
            assertThat(gote.pieceOn("3c")).isEqualTo("P");
            assertThat(gote.pieceOn("3d")).isNull();
            gote.play("8c8d");
            sente.awaitPly(2);
            assertThat(sente.moveTexts()).containsExactly("P-7f", "P-8d");
            // A move's thinking time is shown in whole seconds, the fraction dropped as the KIF record writes it.
            assertThat(sente.browser.script("const m = window.meijin.state.moves; m[0].timeMs = 75_900; m[1].timeMs = 59_999;"
                    + " window.meijin.render(); return [...document.querySelectorAll('#moves li[data-ply] .time')].map(e => e.textContent)"))
                    .isEqualTo(List.of("1:15", "59s"));
            // Looking back during play is said in the status line; the last move returns to the game.
            sente.awaitMyTurn();
            sente.browser.click("#nav-prev");
            assertThat(sente.statusText()).isEqualTo("Your move · showing move 1 (» for the game)");
            assertThat(sente.pieceOn("8d")).isNull();
            sente.browser.click("#nav-last");
            assertThat(sente.statusText()).isEqualTo("Your move");
            sente.play("2g2f");
        }
    }

    @Test
    void aRefusedMoveIsExplainedInTheLanguageOfThePage() {
        try (Seat sente = seat(Browser.DESKTOP, "en"); Seat gote = seat(Browser.PHONE, "ja")) {
            String id = sente.create("Nifu", Map.of("side", "sente", "tcKind", "unlimited", "postSeek", "false"));
            gote.joinByLink(id, "Nifu no");
            // Each side takes a pawn of the other; pawns of both sides stay on the fifth file.
            List<String> moves = List.of("7g7f", "3c3d", "7f7e", "3d3e", "7e7d", "7c7d", "2g2f", "3e3f", "3g3f");
            for (int i = 0; i < moves.size(); i++) {
                (i % 2 == 0 ? sente : gote).play(moves.get(i));
            }
            // The board offers no pawn drop on a file with a pawn, so the page is made to play one (as a page
            // out of step with the game would): the server refuses it, and the page says why in its language.
            gote.awaitMyTurn();
            assertThat(refusal(gote.browser, "window.meijin.play('P*5e')"))
                    .isEqualTo("その手は指せません：二歩（その筋にはもう歩があります）");
            gote.browser.screenshot("game-refused-move-ja-phone");
            assertThat(gote.ply()).isEqualTo(9);
            assertThat(gote.pieceOn("5e")).isNull();
            gote.play("8c8d");
            // A move sent for the side not to move.
            assertThat(refusal(gote.browser, "window.meijin.socket.send({t: 'move', usi: '8d8e', ply: 10})"))
                    .isEqualTo("相手の手番です");

            sente.awaitMyTurn();
            assertThat(refusal(sente.browser, "window.meijin.play('P*5e')"))
                    .isEqualTo("That move is not allowed: nifu (the file already holds one of your pawns)");
            sente.browser.screenshot("game-refused-move-desktop");
            sente.play("2f2e");

            // An error of an HTTP request: a game that does not exist.
            gote.browser.open(base + "/game/nosuchgame");
            gote.browser.await("the error", d -> gote.browser.attribute("#status", "class").contains("error"));
            assertThat(gote.statusText()).isEqualTo("対局が見つかりません");
        }
    }

    /** Runs a script that makes the page send what the server refuses, and returns the text of the toast the page then shows. */
    private static String refusal(Browser b, String script) {
        b.script("document.querySelectorAll('.toast').forEach(n => n.remove()); " + script);
        b.await("the refusal shown", d -> !b.all(".toast").isEmpty());
        return (String) b.script("const n = document.querySelector('.toast'); return n ? n.textContent : null");
    }

    @Test
    void aGameAgainstTheComputerFromTheLobby() {
        try (Seat human = seat(Browser.PHONE, "en")) {
            human.browser.open(base + "/");
            assertThat(human.browser.find("#engineLevel").isDisplayed()).as("the level only for the computer").isFalse();
            human.browser.select("#opponent", "engine");
            human.browser.select("#engineLevel", "2");
            human.browser.select("#side", "sente");
            human.browser.select("#tcKind", "byoyomi");
            human.browser.select("#rules", "casual");
            assertThat(human.browser.find("#postSeek").isDisplayed()).as("no seek for a game against the computer").isFalse();
            human.browser.click("#create");
            human.browser.await("the game page", d -> d.getCurrentUrl().contains("/game/"));
            human.awaitMyTurn();
            assertThat(human.you()).isEqualTo("sente");
            assertThat(human.browser.text(".player-top .name")).isEqualTo("Meijin level 2");
            // Against the computer's lower levels the person is the senior player and takes 王 (KingCharacters).
            assertThat(human.kanjiOn("5i")).isEqualTo("王");
            assertThat(human.kanjiOn("5a")).isEqualTo("玉");
            human.browser.screenshot("game-computer-kings-phone");
            human.play("7g7f");
            human.awaitPly(2);
            assertThat(human.turn()).isEqualTo("sente");
            human.play("2g2f");
            human.awaitPly(4);
            // The computer's moves are listed and drawn like a person's.
            List<String> texts = human.moveTexts();
            assertThat(texts).hasSize(4);
            assertThat(texts.get(0)).isEqualTo("P-7f");
            assertThat(texts.get(1)).as("the computer's reply").matches("\\+?[PLNSGBRK](\\d[a-i])?[-x*]\\d[a-i][+=]?");
            assertThat(human.statusText()).isEqualTo("Your move");
            human.browser.screenshot("game-computer-phone");
            // In a friendly game the computer grants a takeback at once: back to before our last move.
            human.browser.click("#takeback-offer");
            human.browser.await("the takeback", d -> human.ply() == 2);
            assertThat(human.turn()).isEqualTo("sente");
            assertThat(human.pieceOn("2g")).isEqualTo("P");
            assertThat(human.moveTexts()).hasSize(2);
            human.play("6g6f");
            human.awaitPly(4);
            human.browser.click("#resign");
            human.browser.click("#resign-yes");
            assertThat(human.awaitEnd()).isEqualTo("RESIGNATION");
            assertThat(human.statusText()).isEqualTo("Gote wins by resignation");
            // A rematch: the computer accepts at once, and the person now plays gote against it.
            String first = human.gameId();
            human.browser.click("#rematch");
            human.browser.await("the rematch", d -> !human.gameId().equals(first) && "playing".equals(human.status()));
            assertThat(human.you()).isEqualTo("gote");
            assertThat(human.browser.text(".player-top .name")).isEqualTo("Meijin level 2");
            human.awaitMyTurn();
            assertThat(human.ply()).as("the computer, sente now, moved first").isEqualTo(1);
        }
    }

    @Test
    void theComputerHasOneNameInTheLobbyOnTheGamePageAndInTheRecords() {
        try (Seat human = seat(Browser.DESKTOP, "ja")) {
            String id = human.create("Person", Map.of("opponent", "engine", "side", "sente", "tcKind", "unlimited"));
            human.awaitMyTurn();
            assertThat(human.browser.text(".player-top .name")).isEqualTo("名人 レベル3");
            human.browser.screenshot("game-computer-name-desktop");
            human.browser.open(base + "/");
            String row = "#live-games tr[data-game='" + id + "'] td";
            assertThat(human.browser.text(row)).isEqualTo("☗Person – ☖名人 レベル3");
            human.browser.script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", row);
            human.browser.screenshot("lobby-computer-name-desktop");
            // The same name in English, in the lobby and on the game page.
            human.browser.click("#lang");
            human.browser.await("the English lobby", d -> "日本語".equals(human.browser.text("#lang")));
            assertThat(human.browser.text(row)).isEqualTo("☗Person – ☖Meijin level 3");
            human.browser.open(base + "/game/" + id);
            human.awaitMyTurn();
            assertThat(human.browser.text(".player-top .name")).isEqualTo("Meijin level 3");
            // Records keep the one fixed name, whatever the page's language.
            String kif = (String) human.browser.asyncScript("const done = arguments[arguments.length - 1];"
                    + "fetch('/api/games/" + id + "/record?format=kif').then(r => r.text()).then(done)");
            assertThat(kif).contains("先手：Person\n").contains("後手：Meijin level 3\n");
            String csa = (String) human.browser.asyncScript("const done = arguments[arguments.length - 1];"
                    + "fetch('/api/games/" + id + "/record?format=csa').then(r => r.text()).then(done)");
            assertThat(csa).contains("N+Person\n").contains("N-Meijin level 3\n");
            human.browser.click("#resign");
            human.browser.click("#resign-yes");
            assertThat(human.awaitEnd()).isEqualTo("RESIGNATION");
        }
    }

    /**
     * The creator's board turned to the seat that a toss or a draw at the join gave, marked with its side, and so
     * after a reload, once the page shows what was decided again ({@code decided}): that seat.
     */
    private static String assertTurnedToTheSeatItWasGiven(Seat creator, String id, String mark, String decided) {
        String seat = creator.you();
        assertThat(creator.browser.find(".player-bottom").getAttribute("data-color")).isEqualTo(seat);
        assertThat(creator.browser.text(".player-bottom .mark")).isEqualTo(mark);
        creator.browser.open(base + "/game/" + id);
        creator.browser.find(decided);
        assertThat(creator.you()).as("a reload after the join").isEqualTo(seat);
        assertThat(creator.browser.find(".player-bottom").getAttribute("data-color")).isEqualTo(seat);
        return seat;
    }

    @Test
    void furigomaIsTossedWhenTheSecondPlayerSitsAndASpectatorWatchesLive() {
        try (Seat creator = seat(Browser.DESKTOP, "ja"); Seat joiner = seat(Browser.PHONE, "en"); Seat watcher = seat(Browser.PHONE, "en")) {
            String id = creator.create("Tosser", Map.of("side", "random", "tcKind", "unlimited", "postSeek", "false"));
            // Waiting for an opponent, no side is given yet: the pieces are tossed when both players are seated.
            assertThat(creator.browser.text("#furigoma-pending h2")).isEqualTo("振り駒");
            assertThat(creator.browser.text("#furigoma-pending p")).isEqualTo("対局者が揃ったら駒を振って先手を決めます");
            assertThat(creator.browser.all("#furigoma .furigoma-piece")).as("no pieces before the toss").isEmpty();
            assertThat(texts(creator.browser, ".player .mark")).as("no side before the toss").containsExactly("", "");
            assertThat(creator.browser.text(".player-bottom .name")).isEqualTo("Tosser");
            assertThat(creator.browser.text(".player-top .name")).isEqualTo("空席");
            creator.browser.screenshot("game-furigoma-waiting-desktop");
            creator.browser.open(base + "/game/" + id);
            creator.browser.find("#furigoma-pending");
            assertThat(creator.statusText()).as("a reload before the join").isEqualTo("相手を待っています");
            assertThat(creator.browser.all("#share-link")).as("the creator's page offers the link, not the seat").hasSize(1);

            joiner.joinByLink(id, "Caller");
            creator.browser.await("the game started", d -> "playing".equals(creator.status()));
            creator.browser.find("#furigoma .furigoma-piece");
            assertThat(creator.browser.all("#furigoma-pending")).isEmpty();
            @SuppressWarnings("unchecked")
            List<String> faces = (List<String>) creator.browser.script(
                    "return [...document.querySelectorAll('#furigoma .furigoma-piece')].map(e => e.dataset.face)");
            assertThat(faces).hasSize(5).allMatch(f -> f.equals("PAWN") || f.equals("TOKIN"));
            long pawns = faces.stream().filter("PAWN"::equals).count();
            // The player who moves first is named, and he is the one who holds sente; three or more pawns give
            // the first move to the one who tossed (the creator).
            Seat first = "sente".equals(creator.you()) ? creator : joiner;
            Seat second = first == creator ? joiner : creator;
            assertThat(second.you()).isEqualTo("gote");
            assertThat(first == creator).isEqualTo(pawns >= 3);
            String name = first == creator ? "Tosser" : "Caller";
            assertThat(creator.browser.text("#furigoma + p")).isEqualTo("歩が" + pawns + "枚：" + name + "さんの先手");
            assertThat(joiner.browser.text("#furigoma + p")).isEqualTo(pawns + " pawns face up: " + name + " moves first");
            assertThat(creator.browser.text(".player-bottom .name")).isEqualTo("Tosser");
            creator.browser.screenshot("game-furigoma-tossed-desktop");
            String tossed = assertTurnedToTheSeatItWasGiven(creator, id, creator.you().equals("sente") ? "☗先手" : "☖後手",
                    "#furigoma .furigoma-piece");
            @SuppressWarnings("unchecked")
            Map<String, Object> remembered = (Map<String, Object>) creator.browser.script(
                    "return JSON.parse(localStorage.getItem('meijin.seats'))[arguments[0]]", id);
            assertThat(remembered.get("color")).as("the colour of the seat, for the lobby's lists").isEqualTo(tossed);
            joiner.browser.script("document.getElementById('furigoma').scrollIntoView({block: 'center'})");
            joiner.browser.screenshot("game-furigoma-phone");

            first.play("7g7f");
            watcher.browser.open(base + "/game/" + id);
            watcher.awaitPly(1);
            assertThat(watcher.you()).isNull();
            assertThat(watcher.statusText()).isEqualTo("Watching · Gote to move");
            assertThat(watcher.browser.all("#resign")).as("a spectator has no actions").isEmpty();
            assertThat(watcher.browser.all(".mj-dests [data-dest]")).isEmpty();
            second.play("3c3d");
            watcher.awaitPly(2);
            assertThat(watcher.pieceOn("3d")).isEqualTo("P");
            assertThat(watcher.moveTexts()).containsExactly("P-7f", "P-3d");
            watcher.browser.screenshot("game-spectator-phone");

            // The second mover resigns. The creator's list of its games says it by the seat the toss gave, also in a
            // browser that did not see the toss (the colour it remembered for the seat taken before the toss is null).
            second.browser.click("#resign");
            second.browser.click("#resign-yes");
            assertThat(second.awaitEnd()).isEqualTo("RESIGNATION");
            creator.browser.script("const s = JSON.parse(localStorage.getItem('meijin.seats')); s[arguments[0]].color = null;"
                    + " localStorage.setItem('meijin.seats', JSON.stringify(s))", id);
            String row = "#player-games tr[data-game='" + id + "']";
            creator.browser.open(base + "/");
            creator.browser.await("the result", d -> texts(creator.browser, row + " td:last-child")
                    .equals(List.of(first == creator ? "勝ち（投了）" : "負け（投了）")));
            assertThat(texts(creator.browser, row + " td:first-child"))
                    .containsExactly(first == creator ? "☗Tosser – ☖Caller" : "☗Caller – ☖Tosser");
            assertThat(creator.browser.script("return JSON.parse(localStorage.getItem('meijin.seats'))[arguments[0]].color", id))
                    .as("remembered again").isEqualTo(tossed);
        }
    }

    @Test
    void aHandicapGameWhoseCreatorChoseNoSideIsDrawnByLotWhenTheSecondPlayerSits() {
        try (Seat creator = seat(Browser.DESKTOP, "ja"); Seat joiner = seat(Browser.PHONE, "en")) {
            String id = creator.create("Drawer", Map.of("handicap", "BISHOP", "side", "random", "tcKind", "unlimited"));
            // Waiting for an opponent, no side is given yet: who gives the handicap is drawn when both are seated.
            assertThat(creator.browser.text("#lot-pending h2")).isEqualTo("抽選");
            assertThat(creator.browser.text("#lot-pending p")).isEqualTo("対局者が揃ったら抽選で上手と下手を決めます");
            assertThat(texts(creator.browser, ".player .mark")).as("no side before the draw").containsExactly("", "");
            assertThat(creator.browser.text(".player-bottom .name")).isEqualTo("Drawer");
            assertThat(creator.browser.text(".player-top .name")).isEqualTo("空席");
            creator.browser.screenshot("game-lot-waiting-desktop");
            // The seek says that the one who accepts it is the giver or the receiver by lot.
            joiner.browser.open(base + "/");
            joiner.browser.find("#seeks tr[data-game='" + id + "']");
            assertThat(texts(joiner.browser, "#seeks tr[data-game='" + id + "'] td")).containsExactly(
                    "Drawer", "Bishop handicap", "Giver or receiver, by lot", "CSA (27 points)", "Unlimited", "Accept");
            joiner.browser.script("document.getElementById('seeks').scrollIntoView({block: 'center'})");
            joiner.browser.screenshot("lobby-seek-lot-phone");

            joiner.acceptSeek(id, "Caller");
            creator.browser.await("the game started", d -> "playing".equals(creator.status()));
            creator.browser.find("#lot");
            assertThat(creator.browser.all("#lot-pending")).isEmpty();
            Seat giver = "gote".equals(creator.you()) ? creator : joiner;
            Seat receiver = giver == creator ? joiner : creator;
            assertThat(receiver.you()).isEqualTo("sente");
            String name = giver == creator ? "Drawer" : "Caller";
            assertThat(creator.browser.text("#lot p")).isEqualTo("抽選：" + name + "さんが上手（先に指す）");
            assertThat(joiner.browser.text("#lot p")).isEqualTo("Drawn by lot: " + name + " gives the handicap and moves first");
            creator.browser.screenshot("game-lot-drawn-desktop");
            joiner.browser.screenshot("game-lot-drawn-phone");
            assertTurnedToTheSeatItWasGiven(creator, id, giver == creator ? "☖上手" : "☗下手", "#lot");
            giver.play("3c3d");
            receiver.play("7g7f");
        }
    }

    @Test
    void aSeekLeavesTheLobbyOfOthersWhenItsOwnerClosesThePage() {
        try (Seat watcher = seat(Browser.PHONE, "en")) {
            String id;
            try (Seat owner = seat(Browser.DESKTOP, "en")) {
                id = owner.create("Leaver", Map.of("side", "sente", "tcKind", "unlimited"));
                watcher.browser.open(base + "/");
                assertThat(watcher.browser.text("#seeks tr[data-game='" + id + "']")).contains("Leaver");
                watcher.browser.screenshot("lobby-seek-listed-phone");
            }
            watcher.browser.await("the seek withdrawn", d -> watcher.browser.all("#seeks tr[data-game='" + id + "']").isEmpty(),
                    Duration.ofSeconds(30));
            assertThat(watcher.browser.text("#seeks")).doesNotContain("Leaver");
            watcher.browser.screenshot("lobby-seek-withdrawn-phone");
        }
    }

    @Test
    void theComputerClaimsAGameItsPersonLeft() {
        String id;
        try (Seat human = seat(Browser.DESKTOP, "en")) {
            id = human.create("Leaver", Map.of("opponent", "engine", "side", "sente", "tcKind", "unlimited"));
            human.awaitMyTurn();
            human.play("7g7f");
            human.awaitPly(2);
        }
        try (Seat back = seat(Browser.PHONE, "en")) {
            back.browser.open(base + "/game/" + id);
            back.browser.find("#status");
            assertThat(back.awaitEnd()).isEqualTo("FORFEIT");
            back.browser.screenshot("game-computer-claimed-phone");
        }
    }

    @Test
    void aMateProblemIsSolvedOnTheBoardByThePlayerWithEachMoveJudged() {
        try (Seat desk = seat(Browser.DESKTOP, "en"); Seat phone = seat(Browser.PHONE, "ja")) {
            Browser b = desk.browser;
            // A link to a mate in five: ▲４二飛成 △３二金 ▲３一銀 △１二玉 ▲３二龍, after which only futile
            // interpositions on 2b are left.
            b.open(tsumeLink("7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1"));
            b.await("the problem on the board", d -> "R".equals(desk.pieceOn("4i")));
            b.click("#try");
            b.await("the attacker's turn", d -> "trialYourMove".equals(b.attribute("#trial-status", "data-state")));
            assertThat(b.text("#trial-status")).isEqualTo("Play the attacker's move on the board: every move gives check, until the king is mated.");
            b.await("the length, once the solver has answered", d -> b.text("#verdict").equals("Mate in 5"));
            assertThat(b.all("#solution")).as("the solution stays hidden").isEmpty();

            // A move that gives no check is shown, named and taken back.
            b.clickSquare("4i");
            b.clickSquare("4h");
            b.await("no check", d -> "trialNotCheck".equals(b.attribute("#trial-status", "data-state")));
            assertThat(b.text("#trial-status")).isEqualTo("That is no check: in a mate problem every move of the attacker gives check.");
            assertThat(desk.pieceOn("4h")).isEqualTo("R");
            b.screenshot("tsume-try-no-check-desktop");
            b.await("the rook back", d -> "R".equals(desk.pieceOn("4i")));
            assertThat(b.text("#trial-misses")).isEqualTo("Wrong tries: 1");
            // A check that is not the solution's.
            b.clickHand("sente", "S");
            b.clickSquare("3a");
            b.await("not the solution", d -> "trialWrong".equals(b.attribute("#trial-status", "data-state")));
            assertThat(b.text("#trial-status")).isEqualTo("That is not the solution's move. Think again.");
            b.await("the silver back in hand", d -> desk.pieceOn("3a") == null && !b.all(".mj-hand-piece[data-hand='sente'][data-role='S']").isEmpty());
            assertThat(b.text("#trial-misses")).isEqualTo("Wrong tries: 2");

            // The solution's first move, promoting: the defender interposes a gold, as the solution does.
            b.clickSquare("4i");
            b.clickSquare("4b");
            b.click(".mj-promotion-choice[data-promote='true']");
            b.await("the defender's reply", d -> "G".equals(desk.pieceOn("3b")));
            assertThat(desk.colorOn("3b")).isEqualTo("gote");
            b.await("the attacker's turn again", d -> "trialNext".equals(b.attribute("#trial-status", "data-state")));
            assertThat(b.text("#trial-status")).isEqualTo("Correct. The defender has replied: your next move.");
            assertThat(texts(b, "#trial-moves li .text")).containsExactly("R-4b+", "G*3b");
            // Taken back to the problem, and played again.
            b.click("#trial-back");
            b.await("the problem again", d -> "R".equals(desk.pieceOn("4i")) && desk.pieceOn("3b") == null);
            assertThat(b.all("#trial-moves")).isEmpty();
            b.clickSquare("4i");
            b.clickSquare("4b");
            b.click(".mj-promotion-choice[data-promote='true']");
            b.await("the gold again", d -> "G".equals(desk.pieceOn("3b")) && "trialNext".equals(b.attribute("#trial-status", "data-state")));
            b.clickHand("sente", "S");
            b.clickSquare("3a");
            b.await("the king steps aside", d -> "K".equals(desk.pieceOn("1b")) && "trialNext".equals(b.attribute("#trial-status", "data-state")));
            b.clickSquare("4b");
            b.clickSquare("3b");
            b.await("solved", d -> "trialSolvedFutile".equals(b.attribute("#trial-status", "data-state")));
            assertThat(b.text("#trial-status")).isEqualTo("Solved! Only futile interpositions (無駄合) are left, and they do not count.");
            assertThat(texts(b, "#trial-moves li .text")).containsExactly("R-4b+", "G*3b", "S*3a", "K-1b", "+Rx3b");
            assertThat(desk.pieceOn("3b")).isEqualTo("+R");
            assertThat(b.all(".mj-check")).as("the king in check marked").hasSize(1);
            assertThat(b.find("#trial-back").isEnabled()).as("a solved problem can be taken back").isTrue();
            b.screenshot("tsume-try-solved-desktop");
            // The answer, when asked for, is the solver's.
            b.click("#trial-answer");
            b.await("the answer", d -> !b.all("#solution").isEmpty());
            assertThat(texts(b, "#solution li .text")).containsExactly("R-4b+", "G*3b", "S*3a", "K-1b", "+Rx3b");

            // On a phone, in Japanese: the example, solved to a checkmate with nothing left to interpose.
            Browser p = phone.browser;
            p.open(base + "/tsume");
            p.click("#example");
            p.await("the example on the board", d -> "K".equals(phone.pieceOn("3a")));
            p.click("#try");
            p.await("the attacker's turn", d -> "trialYourMove".equals(p.attribute("#trial-status", "data-state")));
            assertThat(p.text("#trial-status")).isEqualTo("攻方の手を盤上で指してください。毎手王手をかけて玉を詰ませます。");
            p.await("the length", d -> p.text("#verdict").equals("5手詰"));
            p.screenshot("tsume-try-phone");
            p.clickHand("sente", "G");
            p.clickSquare("4b");
            p.await("not the solution", d -> "trialWrong".equals(p.attribute("#trial-status", "data-state")));
            assertThat(p.text("#trial-status")).isEqualTo("正解手順の手ではありません。もう一度考えてみましょう。");
            p.screenshot("tsume-try-wrong-phone");
            p.await("the gold back in hand", d -> phone.pieceOn("4b") == null && "trialWrong".equals(p.attribute("#trial-status", "data-state"))
                    && !p.all(".mj-hand-piece[data-hand='sente'][data-role='G']").isEmpty() && p.find("#trial-misses").isDisplayed());
            String[][] moves = {{"S", "4b", "2b"}, {"S", "3a", "1b"}};
            for (String[] m : moves) {
                p.clickHand("sente", m[0]);
                p.clickSquare(m[1]);
                p.await("the king to " + m[2], d -> "K".equals(phone.pieceOn(m[2])) && "trialNext".equals(p.attribute("#trial-status", "data-state")));
            }
            p.clickHand("sente", "G");
            p.clickSquare("2b");
            p.await("mated", d -> "trialSolved".equals(p.attribute("#trial-status", "data-state")));
            assertThat(p.text("#trial-status")).isEqualTo("正解！ 詰みました。");
            assertThat(texts(p, "#trial-moves li .text")).containsExactly("▲４二銀", "△２二玉", "▲３一銀打", "△１二玉", "▲２二金");
            assertThat(p.text("#trial-misses")).isEqualTo("誤答 1回");
            p.screenshot("tsume-try-solved-phone");
        }
    }

    @Test
    void aProblemOfTheCollectionIsSolvedOnTheBoardAndTheNextOneOffered() {
        try (Seat desk = seat(Browser.DESKTOP, "en")) {
            Browser b = desk.browser;
            b.open(base + "/tsume");
            b.await("the collection's lengths", d -> texts(b, "#collection button").size() == 6);
            assertThat(texts(b, "#collection button")).containsExactly("Mate in 1", "Mate in 3", "Mate in 5", "Mate in 7", "Mate in 9", "Mate in 11");
            assertThat(b.text("#collection span")).isEqualTo("Problems");
            b.click("#collection button[data-plies='3']");
            // The problem goes into the box and the try begins, its length known at once.
            b.await("the try", d -> "trialYourMove".equals(b.attribute("#trial-status", "data-state")));
            assertThat(b.text("#verdict")).isEqualTo("Mate in 3");
            String id = (String) b.script("return window.meijin.trial.collection.id");
            assertThat(id).startsWith("tanuki-3te-");
            assertThat(b.text("#trial-source")).isEqualTo("Problem " + id + " of the collection (computer-generated, tanuki-tsume-shogi)");
            assertThat(b.text("#trial-next-problem")).as("one too hard can be skipped").isEqualTo("Another problem");
            // The address is a link to the problem, which starts a try at it.
            String link = (String) b.script("return location.pathname + location.search");
            assertThat(link).isEqualTo("/tsume?problem=" + id);
            assertThat(b.find("#problem").getDomProperty("value")).isEqualTo(b.script("return window.meijin.trial.collection.sfen"));
            b.screenshot("tsume-collection-try-desktop");
            // The player plays the solver's moves, which the page holds once it has its answer.
            b.await("the solver's answer", d -> b.script("return window.meijin.trial.answer && window.meijin.trial.answer.moves.length") != null);
            @SuppressWarnings("unchecked")
            List<String> moves = (List<String>) b.script("return window.meijin.trial.answer.moves.map(m => m.usi)");
            assertThat(moves).hasSize(3);
            playOnBoard(b, moves.get(0));
            b.await("the defender's reply", d -> "trialNext".equals(b.attribute("#trial-status", "data-state")));
            playOnBoard(b, moves.get(2));
            b.await("solved", d -> b.attribute("#trial-status", "data-state").startsWith("trialSolved"));
            assertThat(b.all("#trial-misses")).isEmpty();
            b.screenshot("tsume-collection-solved-desktop");
            assertThat(b.text("#trial-next-problem")).isEqualTo("Next problem");
            b.click("#trial-next-problem");
            b.await("the next problem", d -> {
                Object next = b.script("return window.meijin.trial && window.meijin.trial.collection && window.meijin.trial.collection.id");
                return next != null && !next.equals(id) && "trialYourMove".equals(b.attribute("#trial-status", "data-state"));
            });
            assertThat((String) b.script("return window.meijin.trial.collection.id")).startsWith("tanuki-3te-");
            assertThat(b.all("#trial-moves")).isEmpty();

            b.open(base + link);
            b.await("the try at the linked problem", d -> "trialYourMove".equals(b.attribute("#trial-status", "data-state")));
            assertThat(b.script("return window.meijin.trial.collection.id")).isEqualTo(id);
            assertThat(b.text("#verdict")).isEqualTo("Mate in 3");
            b.open(base + "/tsume?problem=tanuki-2te-0001");
            b.await("an unknown problem said so", d -> b.attribute("#tsume-status", "class").contains("error"));
            assertThat(b.text("#tsume-status")).isEqualTo("This problem is not in the collection.");

            // A solver too busy to take the problem ends the try with its reason, and the board, open to the
            // attacker's moves meanwhile, is left still. (The server's answer is made up here: a busy solver
            // cannot be brought about on demand.)
            b.script("const f = window.fetch; window.fetch = (url, init) => String(url).startsWith('/api/mate')"
                    + " ? new Promise(r => setTimeout(r, 1500)).then(() => new Response(JSON.stringify({error: {code: 'solver_busy',"
                    + " message: 'the mate solver is busy with other problems; try again in a moment'}}), {status: 503}))"
                    + " : f(url, init)");
            b.click("#example");
            b.click("#try");
            b.await("the attacker's turn", d -> "sente".equals(b.script("return window.meijin.board.config.movableColor")));
            b.await("the refusal", d -> b.attribute("#tsume-status", "class").contains("error"));
            assertThat(b.text("#tsume-status")).isEqualTo("The solver is busy with other problems; try again in a moment");
            assertThat(b.script("return window.meijin.trial")).isNull();
            assertThat(b.all("#verdict")).isEmpty();
            assertThat(b.script("return window.meijin.board.config.movableColor")).as("nothing to move").isNull();
        }
    }

    @Test
    void aProblemIsJudgedAsACompositionAndACookPlayedInATryIsNamedAsOne() {
        try (Seat desk = seat(Browser.DESKTOP, "en"); Seat phone = seat(Browser.PHONE, "ja")) {
            Browser b = desk.browser;
            // tanuki-3te-0252: G*1c 1b1a 2b2a+, and G*2c mates in 3 as well (the dragon's 2d1c then leaves only
            // futile interpositions on 1b): a cook at the first move.
            b.open(tsumeLink("9/7Pk/9/7+R1/9/9/9/9/9 b Gr2b3g4s4n4l17p 1"));
            b.await("the problem on the board", d -> "+R".equals(desk.pieceOn("2d")));
            assertThat(b.find("#check").isSelected()).as("not judged unless asked").isFalse();
            b.click("#check");
            b.click("#solve");
            b.await("the answer", d -> !b.all("#soundness").isEmpty());
            assertThat(b.text("#verdict")).isEqualTo("Mate in 3");
            assertThat(texts(b, "#solution li .text")).containsExactly("G*1c", "K-1a", "P-2a+");
            assertThat(b.attribute("#soundness", "data-verdict")).isEqualTo("unsound");
            assertThat(b.text("#soundness-verdict")).isEqualTo("Not sound: it has cooks (余詰), other moves that mate as well.");
            assertThat(texts(b, "#cooks li")).containsExactly("Move 1: G*2c mates in 3 as well (a cook)");
            assertThat(b.all("#last-move-alternatives")).isEmpty();
            // A cook shows the position it is played in.
            b.click("#solution li[data-ply='2']");
            b.await("move 2 shown", d -> "K".equals(desk.pieceOn("1a")));
            b.click("#cooks li");
            b.await("the problem again", d -> "K".equals(desk.pieceOn("1b")));
            assertThat(b.text("#showing")).isEqualTo("The problem");
            b.screenshot("tsume-check-cooked-desktop");

            // Solving it yourself: the cook mates too, and is said to, but the try follows the solution.
            b.click("#try");
            b.await("the length", d -> b.text("#verdict").equals("Mate in 3") && "trialYourMove".equals(b.attribute("#trial-status", "data-state")));
            // The judging is asked for once the solution is known, by a second request.
            b.await("the judging", d -> Boolean.TRUE.equals(b.script("return window.meijin.trial.soundness !== undefined")));
            playOnBoard(b, "G*2c");
            b.await("a cook", d -> "trialCook".equals(b.attribute("#trial-status", "data-state")));
            assertThat(b.text("#trial-status")).isEqualTo("That mates in 3 as well (a cook, 余詰), but the solution plays another move. Look for it.");
            b.screenshot("tsume-try-cook-desktop");
            b.await("the gold back in hand", d -> desk.pieceOn("2c") == null && !b.all(".mj-hand-piece[data-hand='sente'][data-role='G']").isEmpty());
            assertThat(b.all("#trial-misses")).as("a cook is no wrong try").isEmpty();
            // A hint marks the piece the solution moves next: here the gold in hand, then the pawn on 2b.
            b.click("#trial-hint");
            b.await("the hint", d -> "trialHintDrop".equals(b.attribute("#trial-status", "data-state")));
            assertThat(b.text("#trial-status")).isEqualTo("Hint: the marked piece in hand is dropped.");
            assertThat(b.all(".mj-hand-piece.hint").stream().map(e -> e.getDomAttribute("data-role")).toList()).containsExactly("G");
            assertThat(b.all(".mj-sq.hint")).isEmpty();
            assertThat(b.text("#trial-hints")).isEqualTo("Hints: 1");
            assertThat(b.find("#trial-hint").isEnabled()).as("one hint a move").isFalse();
            b.screenshot("tsume-try-hint-desktop");
            playOnBoard(b, "G*1c");
            b.await("the king to 1a", d -> "K".equals(desk.pieceOn("1a")) && "trialNext".equals(b.attribute("#trial-status", "data-state")));
            assertThat(b.all(".mj-hand-piece.hint")).as("the mark goes with the move").isEmpty();
            b.click("#trial-hint");
            b.await("the second hint", d -> "trialHintMove".equals(b.attribute("#trial-status", "data-state")));
            assertThat(b.all(".mj-sq.hint").stream().map(e -> e.getDomAttribute("data-square")).toList()).containsExactly("2b");
            assertThat(b.text("#trial-hints")).isEqualTo("Hints: 2");
            playOnBoard(b, "2b2a+");
            b.await("mated", d -> "trialSolved".equals(b.attribute("#trial-status", "data-state")));

            // On a phone, in Japanese: a sound problem (tanuki-3te-0001).
            Browser p = phone.browser;
            p.open(base + "/tsume");
            p.find("#problem").sendKeys("9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1");
            p.click("#check");
            p.click("#solve");
            p.await("the answer", d -> !p.all("#soundness").isEmpty());
            assertThat(p.text("#verdict")).isEqualTo("3手詰");
            assertThat(p.attribute("#soundness", "data-verdict")).isEqualTo("sound");
            assertThat(p.text("#soundness-verdict")).isEqualTo("完全作：余詰なし、駒余りなし。");
            assertThat(p.all("#cooks")).isEmpty();
            p.script("document.getElementById('soundness').scrollIntoView({block: 'end'})");
            p.screenshot("tsume-check-sound-phone");
        }
    }

    /** The tsume page's link to a problem given as an SFEN. */
    private String tsumeLink(String sfen) {
        return base + "/tsume?sfen=" + java.net.URLEncoder.encode(sfen, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Plays a USI move of sente on the board by clicks, answering a promotion choice as the move says. */
    private static void playOnBoard(Browser b, String usi) {
        if (usi.charAt(1) == '*') {
            b.clickHand("sente", usi.substring(0, 1));
            b.clickSquare(usi.substring(2, 4));
            return;
        }
        b.clickSquare(usi.substring(0, 2));
        b.clickSquare(usi.substring(2, 4));
        if (!b.all(".mj-promotion-choice").isEmpty()) {
            b.click(".mj-promotion-choice[data-promote='" + usi.endsWith("+") + "']");
        }
    }

    @Test
    void aMateProblemIsPastedSolvedAndItsSolutionSteppedThroughOnTheTsumePage() {
        try (Seat desk = seat(Browser.DESKTOP, "en"); Seat phone = seat(Browser.PHONE, "ja")) {
            Browser b = desk.browser;
            // The top bar leads from the lobby to the page.
            b.followTopBar(base, "#nav-tsume", "/tsume", "#problem");
            assertThat(b.text("h1")).isEqualTo("Mate problems");
            assertThat(b.find("#limit").getDomProperty("value")).isEqualTo("10");
            org.openqa.selenium.WebElement input = b.find("#problem");
            // A mate in five where the defender interposes a gold, which the dragon takes (one piece left over).
            input.sendKeys("7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1");
            // A plain SFEN is shown on the board as soon as it is typed.
            b.await("the problem on the board", d -> "R".equals(desk.pieceOn("4i")));
            assertThat(desk.pieceOn("2b")).isEqualTo("K");
            assertThat(desk.colorOn("2b")).isEqualTo("gote");
            assertThat(texts(b, "#board .piece[data-role='K'] .piece-text")).as("the defender's king is 玉").containsExactly("玉");
            assertThat(b.text(".mj-hand-bottom .mj-hand-label")).isEqualTo("☗Attacker");
            // The answer is held back a little, so that the page can be seen waiting for it.
            b.script("const f = window.fetch; window.fetch = (...a) => new Promise(r => setTimeout(r, 1000)).then(() => f(...a))");
            b.click("#solve");
            assertThat(b.find("#solve").isEnabled()).as("no second request while solving").isFalse();
            assertThat(b.text("#tsume-status")).isEqualTo("Solving… (up to 10 s)");
            b.await("the answer", d -> !b.all("#verdict").isEmpty());
            assertThat(b.text("#verdict")).isEqualTo("Mate in 5");
            assertThat(b.all("#tsume-status.hidden")).hasSize(1);
            assertThat(b.find("#solve").isEnabled()).isTrue();
            assertThat(texts(b, "#solution li .text")).containsExactly("R-4b+", "G*3b", "S*3a", "K-1b", "+Rx3b");
            assertThat(b.text("#leftover")).isEqualTo("Pieces left over (駒余り): 1 in hand at the end");
            assertThat(b.all("#inexact")).as("the line was read exactly").isEmpty();
            assertThat(b.text("#stats")).matches("[\\d,]+ nodes, \\d+ ms");
            assertThat(b.find("#nav-prev").isEnabled()).isFalse();
            // The problem with its solution, saved as a KIF file written by the server.
            assertThat(b.text("#kif-download")).isEqualTo("Save the problem and its solution as KIF");
            assertThat(b.attribute("#kif-download", "download")).isEqualTo("tsume-5.kifu");
            Object saved = b.script("const x = new XMLHttpRequest(); x.open('GET', document.getElementById('kif-download').href, false); x.send(); return x.responseText;");
            assertThat(String.valueOf(saved)).startsWith("#KIF version=2.0 encoding=UTF-8\n").contains("先手の持駒：銀").endsWith("   5 ３二龍(42)\n   6 詰み\nまで5手で詰み\n");

            // Forward with ›: the rook promotes on 4b, then the defender's gold interposes on 3b.
            b.click("#nav-next");
            b.await("move 1 shown", d -> "+R".equals(desk.pieceOn("4b")));
            assertThat(desk.pieceOn("4i")).isNull();
            assertThat(b.attribute("#solution li.current", "data-ply")).isEqualTo("1");
            assertThat(b.all(".mj-sq.last").stream().map(e -> e.getDomAttribute("data-square")).toList())
                    .containsExactlyInAnyOrder("4i", "4b");
            b.click("#nav-next");
            b.await("move 2 shown", d -> "G".equals(desk.pieceOn("3b")));
            assertThat(desk.colorOn("3b")).isEqualTo("gote");
            // A click on the last move: the dragon has taken the gold, which is now in the attacker's hand.
            b.click("#solution li[data-ply='5']");
            b.await("move 5 shown", d -> "+R".equals(desk.pieceOn("3b")));
            assertThat(desk.colorOn("3b")).isEqualTo("sente");
            assertThat(desk.pieceOn("1b")).isEqualTo("K");
            assertThat(desk.pieceOn("3a")).isEqualTo("S");
            assertThat(b.all(".mj-hand-piece[data-hand='sente']").stream().map(e -> e.getDomAttribute("data-role")).toList())
                    .containsExactly("G");
            assertThat(b.find("#nav-next").isEnabled()).isFalse();
            assertThat(b.text("#showing")).isEqualTo("After move 5");
            b.screenshot("tsume-solved-desktop");
            // The arrow keys step through the solution too.
            org.openqa.selenium.WebElement body = b.find("body");
            body.sendKeys(org.openqa.selenium.Keys.ARROW_UP);
            b.await("the problem again", d -> "R".equals(desk.pieceOn("4i")));
            assertThat(b.text("#showing")).isEqualTo("The problem");
            body.sendKeys(org.openqa.selenium.Keys.ARROW_RIGHT);
            b.await("move 1 again", d -> "+R".equals(desk.pieceOn("4b")));
            assertThat(b.attribute("#solution li.current", "data-ply")).isEqualTo("1");
            b.select("#notation", "japanese");
            assertThat(texts(b, "#solution li .text")).containsExactly("▲４二飛成", "△３二金", "▲３一銀", "△１二玉", "▲３二龍");
            b.select("#notation", "western");

            // A position without a mate: proven so. Editing the problem takes the old answer away.
            input.clear();
            input.sendKeys("4k4/9/9/9/9/9/9/9/9 b - 1");
            b.await("the old answer gone", d -> b.all("#verdict").isEmpty());
            b.click("#solve");
            b.await("no mate", d -> !b.all("#verdict").isEmpty());
            assertThat(b.text("#verdict")).isEqualTo("No mate");
            assertThat(b.all("#solution")).isEmpty();

            // A whole KIF record, pasted: its start position is the problem, shown once the server has read it.
            input.clear();
            input.sendKeys(TestData.text("tsume/kif/tsumemi/3te/2.kif", Charset.forName("windows-31j")).replace("\r\n", "\n"));
            b.await("the old answer gone", d -> b.all("#verdict").isEmpty());
            assertThat(desk.pieceOn("2a")).as("a record is not shown before it is solved").isNull();
            b.click("#solve");
            b.await("mate in 3", d -> !b.all("#verdict").isEmpty());
            assertThat(b.text("#verdict")).isEqualTo("Mate in 3");
            assertThat(texts(b, "#solution li .text")).containsExactly("S*3b", "K-1b", "G*2c");
            assertThat(desk.pieceOn("2a")).isEqualTo("K");
            assertThat(desk.pieceOn("4c")).isEqualTo("+P");
            // The address is now a link to the problem; followed, it shows the problem without solving it.
            String link = b.driver.getCurrentUrl();
            assertThat(link).isEqualTo(base + "/tsume?sfen=7kl%2F9%2F5%2BP3%2F9%2F9%2F9%2F9%2F9%2F9%20b%20GS2r2b3g3s4n3l17p%201");
            b.open(link);
            b.await("the linked problem on the board", d -> "+P".equals(desk.pieceOn("4c")));
            assertThat(b.find("#problem").getDomProperty("value")).isEqualTo("7kl/9/5+P3/9/9/9/9/9/9 b GS2r2b3g3s4n3l17p 1");
            assertThat(b.all("#verdict")).as("not solved until asked").isEmpty();
            input = b.find("#problem");

            // A bad SFEN: the server's message, which names the wrong letter, is shown in the page after the sentence.
            input.clear();
            input.sendKeys("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1");
            b.click("#solve");
            b.await("the error", d -> b.attribute("#tsume-status", "class").contains("error"));
            assertThat(b.text("#tsume-status")).startsWith("The input is not valid: problem: ").contains("'X'");
            assertThat(b.all("#verdict")).isEmpty();
            b.screenshot("tsume-error-desktop");

            // On a phone, in Japanese: the example problem, with the shortest time limit.
            Browser p = phone.browser;
            p.open(base + "/tsume");
            p.find("#problem");
            assertThat(p.text("h1")).isEqualTo("詰将棋");
            p.screenshot("tsume-empty-phone");
            p.click("#example");
            p.await("the example on the board", d -> "K".equals(phone.pieceOn("3a")));
            p.select("#limit", "5");
            p.click("#solve");
            p.await("the answer", d -> !p.all("#verdict").isEmpty());
            assertThat(p.text("#verdict")).isEqualTo("5手詰");
            assertThat(texts(p, "#solution li .text")).containsExactly("▲４二銀", "△２二玉", "▲３一銀打", "△１二玉", "▲２二金");
            assertThat(p.all("#leftover")).as("no piece left over").isEmpty();
            p.click("#nav-next");
            p.click("#nav-next");
            p.await("move 2 shown", d -> "K".equals(phone.pieceOn("2b")));
            assertThat(phone.pieceOn("4b")).isEqualTo("S");
            p.screenshot("tsume-solved-phone");
            p.script("window.scrollTo(0, 0)");
            p.screenshot("tsume-form-phone");
            p.find("#problem").sendKeys(" X"); // one field too many
            p.click("#solve");
            p.await("the error", d -> p.attribute("#tsume-status", "class").contains("error"));
            assertThat(p.text("#tsume-status")).isEqualTo("入力に誤りがあります。51文字目：SFENが読めません");
            p.screenshot("tsume-error-phone");
            // A position that breaks a rule: the rule, in Japanese.
            p.find("#problem").clear();
            p.find("#problem").sendKeys("kk7/9/9/9/9/9/9/9/9 b G 1");
            p.click("#solve");
            p.await("the error", d -> p.text("#tsume-status").contains("玉"));
            assertThat(p.text("#tsume-status")).isEqualTo("入力に誤りがあります。2文字目：開始局面が反則です。玉が多すぎます");
            p.screenshot("tsume-illegal-phone");

            // The answers a quick test cannot provoke, in the server's form: a line not read exactly, and a
            // problem not settled within the time limit.
            p.script("window.meijin.show({result: 'mate', sfen: arguments[0], plies: 1, exact: false, leftover: 0,"
                    + " moves: [{ply: 1, usi: 'G*2b', kif: '２二金打', ki2: '▲２二金', western: 'G*2b'}], nodes: 7, ms: 1})",
                    "6knl/6s2/5Pppp/9/9/9/9/9/9 b G2S2r2b3gs3n3l14p 1");
            assertThat(p.text("#verdict")).isEqualTo("1手詰");
            assertThat(p.text("#inexact")).startsWith("手順は厳密には読み切れていません");
            p.script("window.meijin.show({result: 'unknown', reason: 'time_limit', sfen: arguments[0], nodes: 1234567, ms: 5000})",
                    "6knl/6s2/5Pppp/9/9/9/9/9/9 b G2S2r2b3gs3n3l14p 1");
            assertThat(p.text("#verdict")).isEqualTo("時間内に解けず");
            assertThat(p.text("#reason")).isEqualTo("理由：制限時間");
            assertThat(p.text("#stats")).isEqualTo("1,234,567局面・5000ミリ秒");
            assertThat(p.all("#solution")).isEmpty();
            p.script("document.getElementById('result').scrollIntoView({block: 'end'})");
            p.screenshot("tsume-unknown-phone");
            // A reason a longer time limit does not help: no hint, and nothing else in its place.
            p.script("window.meijin.show({result: 'unknown', reason: 'depth_limit', sfen: arguments[0], nodes: 2000, ms: 3})",
                    "6knl/6s2/5Pppp/9/9/9/9/9/9 b G2S2r2b3gs3n3l14p 1");
            assertThat(p.text("#result")).isEqualTo("時間内に解けず\n理由：手数の上限（2000手より長い詰みは否定できません）\n2,000局面・3ミリ秒");
            // A problem the engine's games kept from its time until its deadline: try again later.
            p.script("window.meijin.show({result: 'unknown', reason: 'busy', sfen: arguments[0], nodes: 0, ms: 0})",
                    "6knl/6s2/5Pppp/9/9/9/9/9/9 b G2S2r2b3gs3n3l14p 1");
            assertThat(p.text("#result")).isEqualTo("時間内に解けず\n理由：サーバーが混み合っていました（コンピュータとの対局が優先され、解く時間が取れませんでした）"
                    + "\nしばらくしてからもう一度お試しください。\n0局面・0ミリ秒");

            // While the solver waits for the engine's games to leave it a turn, the page says so (the server's
            // state and the answer's delay are faked here; MateServiceTest brings such a wait about).
            p.script("window.answerMate = null; const held = new Promise(r => { window.answerMate = r; }); const f = window.fetch;"
                    + " window.fetch = (url, init) => String(url) === '/api/mate/status'"
                    + " ? Promise.resolve(new Response('{\"state\": \"waiting\", \"queued\": 0}', {headers: {'Content-Type': 'application/json'}}))"
                    + " : String(url) === '/api/mate' ? held.then(() => f(url, init)) : f(url, init)");
            org.openqa.selenium.WebElement problem = p.find("#problem");
            problem.clear();
            problem.sendKeys("6knl/6s2/5Pppp/9/9/9/9/9/9 b G2S2r2b3gs3n3l14p 1");
            p.await("the old answer gone", d -> p.all("#verdict").isEmpty());
            p.click("#solve");
            assertThat(p.text("#tsume-status")).isEqualTo("解いています…（最大5秒）");
            p.await("the wait said", d -> p.text("#tsume-status").startsWith("順番待ち"));
            assertThat(p.text("#tsume-status")).isEqualTo("順番待ち…コンピュータとの対局の指し手が先です（5秒の制限時間は解いている間だけ数えます）");
            p.screenshot("tsume-waiting-phone");
            p.script("window.answerMate()");
            p.await("the answer", d -> !p.all("#verdict").isEmpty());
            assertThat(p.text("#verdict")).isEqualTo("5手詰");
            assertThat(p.all("#tsume-status.hidden")).as("the wait no longer said").hasSize(1);
        }
    }

    @Test
    void whatIsWrongWithAPastedRecordIsSaidInJapaneseOnTheJapanesePage() {
        try (Seat desk = seat(Browser.DESKTOP, "ja")) {
            Browser b = desk.browser;
            b.open(base + "/kifu");
            // Two pawns on the 5th file at move 5: the four moves before it are analysed, and the rule is named.
            b.find("#record").sendKeys("手合割：平手\n1 ７六歩(77)\n2 ４四歩(43)\n3 ４四角(88)\n4 ３二銀(31)\n5 ５六歩打\n");
            b.click("#analyse");
            b.await("the record read", d -> texts(b, "#moves li[data-ply] .text").size() == 4);
            assertThat(b.text("#kifu-warnings")).isEqualTo("棋譜の途中に読めないところがあるため、4手目までを解析します。"
                    + "6行目 3文字目 5手目：指し手「５六歩打」は指せません。二歩（その筋にはもう歩があります）");
            b.screenshot("kifu-nifu-warning-desktop");

            // A line nobody understands before the first move: the moves after it are read, and the line is quoted.
            b.open(base + "/kifu");
            b.find("#record").sendKeys("手合割：平手\nこんにちは\n1 ７六歩(77)\n2 ３四歩(33)\n");
            b.click("#analyse");
            b.await("the record read", d -> texts(b, "#moves li[data-ply] .text").size() == 2);
            assertThat(b.text("#kifu-warnings")).isEqualTo("棋譜の途中に読めないところがあるため、2手目までを解析します。"
                    + "2行目：この行「こんにちは」は読めません（その後の指し手は読みました）");

            // Nothing but that line: the record is refused, and the page says why in Japanese.
            b.open(base + "/kifu");
            b.find("#record").sendKeys("こんにちは");
            b.click("#analyse");
            b.await("the error", d -> b.attribute("#kifu-status", "class").contains("error"));
            assertThat(b.text("#kifu-status")).isEqualTo("入力に誤りがあります。1行目：この行「こんにちは」は読めません");
            b.screenshot("kifu-unreadable-error-desktop");
        }
    }

    /**
     * The moves the analysis grades as giving much away are marked in the move list, as a dot on the graph and
     * beside the move shown: here gote's 8b4b, which lets sente mate at once (大悪手, Blunder).
     */
    @Test
    void aBlunderIsMarkedInTheListTheGraphAndTheEvaluation() {
        try (Seat desk = seat(Browser.DESKTOP, "en"); Seat phone = seat(Browser.PHONE, "ja")) {
            String record = "position startpos moves 2g2f 5a4b 2f2e 4b3b 2e2d 8b4b 2d2c+";
            for (Seat s : List.of(desk, phone)) {
                Browser b = s.browser;
                b.open(base + "/kifu");
                b.find("#record").sendKeys(record);
                b.click("#analyse");
                b.await("the analysis done", d -> "done".equals(b.find("#analysis").getDomAttribute("data-status")), Duration.ofSeconds(90));
                // The one blunder; smaller grades of the other moves depend on what the server's engine searched
                // before (the pages share one server), and are not asserted.
                assertThat(b.all("#moves li[data-ply] .quality[data-quality='BLUNDER']")).hasSize(1);
                assertThat(b.attribute("#moves li[data-ply='6'] .quality", "data-quality")).isEqualTo("BLUNDER");
                assertThat(b.all("#eval-graph line.eval-quality.quality-blunder")).hasSize(1);
                assertThat(b.attribute("#eval-graph line.eval-quality.quality-blunder", "data-ply")).isEqualTo("6");
                b.click("#moves li[data-ply='6']");
                b.await("move 6 shown", d -> b.all("#showing .quality").size() == 1);
            }
            assertThat(desk.browser.text("#moves li[data-ply='6'] .quality")).isEqualTo("Blunder");
            // The page keeps the room under the graph for the move list: the counts are the game page's.
            assertThat(desk.browser.all("#quality-summary")).isEmpty();
            assertThat(desk.browser.text("#showing")).isEqualTo("After move 6 R-4b Blunder");
            assertThat(desk.browser.text("#eval-score")).isEqualTo("Sente mates in 1");
            assertThat(phone.browser.text("#moves li[data-ply='6'] .quality")).isEqualTo("大悪手");
            assertThat(phone.browser.text("#showing")).startsWith("6手目").endsWith("大悪手");
            desk.browser.script("window.scrollTo(0, 0)");
            desk.browser.screenshot("kifu-blunder-desktop");
            phone.browser.script("document.getElementById('moves').scrollIntoView({block: 'center'})");
            phone.browser.screenshot("kifu-blunder-phone");
        }
    }

    @Test
    void aRecordIsPastedAnalysedAndSteppedThroughOnTheKifuPage() {
        try (Seat desk = seat(Browser.DESKTOP, "en"); Seat phone = seat(Browser.PHONE, "ja")) {
            Browser b = desk.browser;
            // The top bar leads from the lobby to the page.
            b.followTopBar(base, "#nav-kifu", "/kifu", "#record");
            assertThat(b.text("h1")).isEqualTo("Record analysis");
            assertThat(b.attribute("#nav-kifu", "aria-current")).isEqualTo("page");
            // A computer game of 21 plies in CSA, which sente ends with a mating rook drop on 4a.
            b.find("#record").sendKeys(TestData.text("csa/wcsc28-apery/utf8_WCSC28_L3_KIN_WDF.csa", java.nio.charset.StandardCharsets.UTF_8));
            // The page's questions about the analysis are held back a little, so that it can be seen under way, and the
            // first two find the connection lost.
            b.script("window.failPolls = 2; const f = window.fetch; window.fetch = (url, init) => {"
                    + " const poll = init && init.method === 'GET' && String(url).startsWith('/api/analyses/');"
                    + " if (poll && window.failPolls > 0) { window.failPolls--; return Promise.reject(new TypeError('Failed to fetch')); }"
                    + " return (poll ? new Promise(r => setTimeout(r, 1500)) : Promise.resolve()).then(() => f(url, init)); }");
            b.click("#analyse");
            b.await("the record read", d -> texts(b, "#moves li[data-ply] .text").size() == 21);
            assertThat(b.attribute("#analysis", "data-status")).isEqualTo("running");
            assertThat(b.text("#analysing")).matches("Analysing… \\d+ of 22 positions");
            assertThat(b.driver.getCurrentUrl()).matches(java.util.regex.Pattern.quote(base) + "/kifu\\?id=[a-z2-9]{12}");
            assertThat(texts(b, "#moves li[data-ply] .text").subList(0, 4)).containsExactly("P-7f", "S-6b", "P-2f", "G6a-5b");
            assertThat(b.text("#moves li#result")).isEqualTo("Sente wins by checkmate");
            assertThat(texts(b, ".player-top span")).containsExactly("☖Gote", "Windfall");
            assertThat(texts(b, ".player-bottom span")).containsExactly("☗Sente", "きのあ将棋");
            assertThat(b.text("#kifu-info")).isEqualTo("2018/05/03 13:05:55 · 21 moves");
            assertThat(b.text("#showing")).isEqualTo("Start");
            assertThat(desk.pieceOn("7g")).isEqualTo("P");

            // A lost connection is retried, and said so, until the server answers again.
            b.await("the connection lost", d -> "Connection lost, reconnecting…".equals(b.text("#kifu-status")));
            assertThat(b.text("#position-eval")).isEqualTo("Start\nNot analysed yet");
            b.screenshot("kifu-reconnecting-desktop");
            b.await("the connection back", d -> b.attribute("#kifu-status", "class").contains("hidden"), Duration.ofSeconds(20));
            assertThat(b.script("return window.failPolls")).isEqualTo(0L);
            // The analysis runs in the background; the page asks for it every second until it is done.
            b.await("the analysis done", d -> "done".equals(b.find("#analysis").getDomAttribute("data-status")), Duration.ofSeconds(90));
            assertThat(b.all("#eval-graph rect.eval-band")).hasSize(22);
            assertThat(b.text("#analysing")).isEqualTo("Analysed (20,000 nodes a position)");
            // The start's evaluation is the server's, from sente's side, with the engine's best move.
            long cp = ((Number) b.script("return window.meijin.analysis.plies[0].cp")).longValue();
            assertThat(b.text("#eval-score")).isEqualTo("Evaluation " + (cp > 0 ? "+" : "") + cp + " (+ favours Sente)");
            assertThat(b.attribute("#eval-score", "data-cp")).isEqualTo(String.valueOf(cp));
            assertThat(b.text("#best-move")).isEqualTo("Best move " + b.script("return window.meijin.analysis.plies[0].bestMove.western"));

            // Forward with › and the arrow key: sente's pawn, then gote's silver.
            b.click("#nav-next");
            b.await("move 1 shown", d -> "P".equals(desk.pieceOn("7f")));
            assertThat(desk.pieceOn("7g")).isNull();
            assertThat(moveShown(b)).isEqualTo("After move 1 P-7f");
            assertThat(b.attribute("#moves li.current", "data-ply")).isEqualTo("1");
            b.find("body").sendKeys(org.openqa.selenium.Keys.ARROW_RIGHT);
            b.await("move 2 shown", d -> "S".equals(desk.pieceOn("6b")));
            assertThat(desk.colorOn("6b")).isEqualTo("gote");
            assertThat(b.all(".mj-sq.last").stream().map(e -> e.getDomAttribute("data-square")).toList()).containsExactlyInAnyOrder("7a", "6b");

            // A click on the graph: the position before the last move, where sente mates in one with the move played.
            b.script("document.getElementById('eval-graph').scrollIntoView({block: 'center'})");
            b.click("#eval-graph rect.eval-band[data-ply='20']");
            b.await("ply 20 shown", d -> "After move 20 K-5a".equals(moveShown(b)));
            assertThat(desk.pieceOn("5a")).isEqualTo("K");
            assertThat(desk.pieceOn("4a")).isNull();
            assertThat(b.text("#eval-score")).isEqualTo("Sente mates in 1");
            assertThat(b.text("#best-move")).isEqualTo("Best move R*4a");
            assertThat(b.attribute("#moves li.current", "data-ply")).isEqualTo("20");
            assertThat(Double.parseDouble(b.attribute("#eval-graph line.eval-current", "x1")))
                    .isCloseTo(300.0 * 20 / 21, org.assertj.core.data.Offset.offset(0.01));
            b.select("#notation", "japanese");
            assertThat(b.text("#best-move")).isEqualTo("Best move ▲４一飛打");
            assertThat(texts(b, "#moves li[data-ply] .text").subList(0, 3)).containsExactly("▲７六歩(77)", "△６二銀(71)", "▲２六歩(27)");
            b.script("window.scrollTo(0, 0)");
            b.screenshot("kifu-analysed-desktop");
            b.click("#nav-last");
            b.await("the mate shown", d -> "R".equals(desk.pieceOn("4a")));
            assertThat(b.text("#eval-score")).isEqualTo("Checkmate");
            assertThat(b.all("#best-move")).isEmpty();
            assertThat(b.find("#nav-next").isEnabled()).isFalse();
            b.select("#notation", "western");
            b.click("#flip");
            assertThat(texts(b, ".player-top span")).containsExactly("☗Sente", "きのあ将棋");

            // The address is a link to the analysis: followed, it shows the record and its analysis again.
            String link = b.driver.getCurrentUrl();
            b.open(link);
            b.await("the analysis again", d -> texts(b, "#moves li[data-ply] .text").size() == 21
                    && "done".equals(b.find("#analysis").getDomAttribute("data-status")));
            assertThat(b.all("#eval-graph rect.eval-band")).hasSize(22);

            // A text that is no record: the server's message, which names the line, is shown in the page after the sentence.
            b.find("#record").sendKeys("hello");
            b.click("#analyse");
            b.await("the error", d -> b.attribute("#kifu-status", "class").contains("error"));
            assertThat(b.text("#kifu-status")).isEqualTo("The input is not valid: record (read as KIF): line 1: unrecognised line \"hello\"");
            b.script("window.scrollTo(0, 0)");
            b.screenshot("kifu-error-desktop");

            // On a phone, in Japanese: a KIF with a line nobody understands after move 20 is analysed up to it.
            Browser p = phone.browser;
            p.open(base + "/kifu");
            p.find("#record");
            assertThat(p.text("h1")).isEqualTo("棋譜解析");
            assertThat(((Number) p.script("return document.getElementById('lang').getBoundingClientRect().right - window.innerWidth")).doubleValue())
                    .as("the top bar, with the links to the three pages, fits the phone's width").isLessThanOrEqualTo(0);
            String kif = TestData.text("kif/mog-core-scala/016.kif", java.nio.charset.StandardCharsets.UTF_8).replace("\r\n", "\n")
                    .replace("  20 ８四歩(83)\n", "  20 ８四歩(83)\nhello world\n");
            p.find("#record").sendKeys(kif);
            p.click("#analyse");
            p.await("the record read", d -> texts(p, "#moves li[data-ply] .text").size() == 20);
            assertThat(texts(p, "#moves li[data-ply] .text").subList(0, 3)).containsExactly("▲７六歩(77)", "△３四歩(33)", "▲２二角成(88)");
            assertThat(p.text("#kifu-warnings"))
                    .isEqualTo("棋譜の途中に読めないところがあるため、20手目までを解析します。27行目：この行「hello world」は読めません");
            assertThat(texts(p, ".player-top span")).as("a record without names").containsExactly("☖後手", "—");
            p.await("the analysis done", d -> "done".equals(p.find("#analysis").getDomAttribute("data-status")), Duration.ofSeconds(90));
            assertThat(p.all("#eval-graph rect.eval-band")).hasSize(21);
            p.click("#nav-next");
            p.click("#nav-next");
            p.click("#nav-next");
            p.await("move 3 shown", d -> "+B".equals(phone.pieceOn("2b")));
            assertThat(moveShown(p)).isEqualTo("3手目の局面 ▲２二角成(88)");
            // The evaluation after the bishop exchange is a score (no mate is in sight), from sente's side, and gote's best move.
            assertThat(p.script("return window.meijin.analysis.plies[3].mate")).isNull();
            long cp3 = ((Number) p.script("return window.meijin.analysis.plies[3].cp")).longValue();
            assertThat(p.text("#eval-score")).isEqualTo("評価値 " + (cp3 > 0 ? "+" : "") + cp3 + "（＋は先手有利）");
            assertThat(p.attribute("#eval-score", "data-cp")).isEqualTo(String.valueOf(cp3));
            assertThat(p.text("#best-move")).isEqualTo("最善手 △" + p.script("return window.meijin.analysis.plies[3].bestMove.kif"));
            p.script("document.querySelector('.kifu-board').scrollIntoView({block: 'start'})");
            p.screenshot("kifu-board-phone");
            p.script("document.getElementById('position-eval').scrollIntoView({block: 'start'})");
            p.screenshot("kifu-analysis-phone");
            p.script("window.scrollTo(0, 0)");
            p.screenshot("kifu-form-phone");
        }
    }

    @Test
    void theMoveListUsesTheRoomBesideTheBoardOnADesktopAndKeepsTheCurrentMoveInViewOnAPhone() throws InterruptedException {
        // A real game of the test data (kif/mog-core-scala/001.kif, Apache-2.0): 111 moves of a title match.
        String record = TestData.text("kif/mog-core-scala/001.kif", java.nio.charset.StandardCharsets.UTF_8);
        List<String> moves = dev.meijin.notation.kifu.GameRecords.fromKifu(dev.meijin.notation.kif.KifReader.read(record).kifu())
                .game().usiMoves();
        assertThat(moves).hasSize(111);
        try (Seat sente = seat(Browser.PHONE, "ja"); Seat gote = seat(Browser.DESKTOP, "en")) {
            // The record analysis page on a desktop: the column beside the board reaches the window's bottom, and
            // the list of the 111 moves takes what its neighbours leave.
            Browser k = gote.browser;
            k.open(base + "/kifu");
            k.find("#record");
            k.script("document.getElementById('record').value = arguments[0]", record);
            k.click("#analyse");
            k.await("the record read", d -> texts(k, "#moves li[data-ply]").size() == 111);
            // Its date as the record gives it (開始日時：2017-03-22T01:00:00.000Z), in the one form of the page.
            assertThat(k.text("#kifu-info")).isEqualTo("2017/03/22 01:00:00 UTC · 王座戦 · 111 moves");
            // The evaluation graph's legend, shared with the game page.
            assertThat(texts(k, "#eval-graph .eval-legend-top, #eval-graph .eval-legend-bottom")).containsExactly("☗Sente ahead", "☖Gote ahead");
            assertThat(rect(k, "#analysis").get("bottom")).as("the answer reaches the window's bottom and the board's")
                    .isGreaterThanOrEqualTo(Math.max(innerHeight(k) - 16, rect(k, ".kifu-board").get("bottom") - 1));
            assertThat(rect(k, "#moves").get("height")).as("the list's height, px").isGreaterThanOrEqualTo(160);
            assertThat(movesInView(k)).as("moves in view beside the board").hasSizeGreaterThanOrEqualTo(6).startsWith(1L, 2L, 3L);
            k.screenshot("kifu-moves-desktop");
            k.click("#nav-last");
            k.await("the last move shown", d -> "111".equals(k.attribute("#moves li.current", "data-ply")));
            assertThat(movesInView(k)).as("the last move in view").contains(111L).doesNotContain(1L);
            k.click("#nav-first");
            k.await("the start shown", d -> k.all("#moves li.current").isEmpty());
            assertThat(movesInView(k)).startsWith(1L);

            // A game: on a phone five moves all show, the first not cut off.
            String id = sente.create("Phone", Map.of("side", "sente", "tcKind", "unlimited", "postSeek", "false"));
            gote.joinByLink(id, "Desk");
            for (int i = 0; i < 5; i++) {
                (i % 2 == 0 ? sente : gote).play(moves.get(i));
            }
            sente.awaitPly(5);
            Browser p = sente.browser;
            assertThat(movesInView(p)).as("the five moves on the phone").containsExactly(1L, 2L, 3L, 4L, 5L);
            p.script("document.getElementById('moves').scrollIntoView({block: 'center'})");
            p.screenshot("game-moves-phone");
            // On a desktop the column beside the board reaches the window's bottom; the list takes the room left.
            Browser d = gote.browser;
            d.screenshot("game-moves-desktop");
            assertThat(rect(d, "aside.side").get("bottom")).as("the side column reaches the window's bottom and the board's")
                    .isGreaterThanOrEqualTo(Math.max(innerHeight(d) - 16, rect(d, ".board-col").get("bottom") - 1));
            assertThat(rect(d, "#moves").get("height")).as("the list's height, px").isGreaterThanOrEqualTo(160);

            // Forty moves on: the list follows the game, and a move looked back at is kept in view.
            try (SocketPlayer s = new SocketPlayer(base, id, secretOf(sente, id)); SocketPlayer g = new SocketPlayer(base, id, secretOf(gote, id))) {
                for (int i = 5; i < 40; i++) {
                    (i % 2 == 0 ? s : g).move(moves.get(i), i);
                    Thread.sleep(30); // each socket may send 20 messages a second
                }
            }
            sente.awaitPly(40);
            gote.awaitPly(40);
            assertThat(rect(p, "#moves").get("height")).as("two fifths of the phone's window, px")
                    .isCloseTo(0.4 * innerHeight(p), org.assertj.core.data.Offset.offset(2.0));
            assertThat(movesInView(p)).as("the phone's list at the last move").contains(40L).doesNotContain(1L);
            assertThat(movesInView(d)).as("the desktop's list at the last move").contains(40L).doesNotContain(1L);
            p.click("#nav-first");
            p.await("the start shown", x -> p.all("#moves li.current").isEmpty());
            assertThat(movesInView(p)).startsWith(1L);
            org.openqa.selenium.WebElement body = p.find("body");
            for (int i = 0; i < 25; i++) {
                body.sendKeys(org.openqa.selenium.Keys.ARROW_RIGHT);
            }
            p.await("move 25 shown", x -> "25".equals(p.attribute("#moves li.current", "data-ply")));
            assertThat(movesInView(p)).as("the move shown, stepped to with the arrow key").contains(25L).doesNotContain(1L);
            p.script("document.getElementById('moves').scrollIntoView({block: 'center'})");
            p.screenshot("game-moves-replay-phone");
        }
    }

    /** An element's bounding box in the window ({@code top}, {@code bottom}, {@code height}, …), in CSS pixels. */
    @SuppressWarnings("unchecked")
    private static Map<String, Double> rect(Browser b, String css) {
        Map<String, Object> r = (Map<String, Object>) b.script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                + " return {top: r.top, bottom: r.bottom, height: r.height}", css);
        Map<String, Double> out = new java.util.HashMap<>();
        r.forEach((key, v) -> out.put(key, ((Number) v).doubleValue()));
        return out;
    }

    private static double innerHeight(Browser b) {
        return ((Number) b.script("return window.innerHeight")).doubleValue();
    }

    /** The plies of the moves wholly inside the move list's scrolled box, in order. */
    @SuppressWarnings("unchecked")
    private static List<Long> movesInView(Browser b) {
        return (List<Long>) b.script("const list = document.getElementById('moves'), box = list.getBoundingClientRect();"
                + " return [...list.querySelectorAll('li[data-ply]')].filter(li => { const r = li.getBoundingClientRect();"
                + "   return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5; }).map(li => Number(li.dataset.ply))");
    }

    @Test
    void everyPageFitsTheWidthOfANarrowPhoneInBothLanguages() {
        // A game being played with a clock, so that the lobby lists it and its page shows clocks and actions; the
        // page that creates and joins it holds its seat.
        org.assertj.core.api.SoftAssertions soft = new org.assertj.core.api.SoftAssertions();
        for (String language : List.of("ja", "en")) {
            try (Seat s = seat(new org.openqa.selenium.Dimension(360, 740), language)) {
                Browser b = s.browser;
                String id = (String) b.asyncScript("const done = arguments[arguments.length - 1];"
                        + "const tc = {mainSeconds: 600, byoyomiSeconds: 30, periods: 3};"
                        + "fetch('/api/games', {method: 'POST', body: JSON.stringify({name: 'Hanako', side: 'sente', timeControl: tc})})"
                        + ".then(r => r.json()).then(g => fetch('/api/games/' + g.gameId + '/join', {method: 'POST',"
                        + " body: JSON.stringify({name: 'Taro'})}).then(() => done(g.gameId)))");
                b.script("localStorage.setItem('meijin.name', 'Taro')");
                for (int width : new int[] {390, 360, 320}) {
                    b.driver.manage().window().setSize(new org.openqa.selenium.Dimension(width, 740));
                    assertThat(b.script("return window.innerWidth")).isEqualTo((long) width);
                    Map<String, String> pages = Map.of("lobby", "/", "game", "/game/" + id, "tsume", "/tsume", "kifu", "/kifu");
                    Map<String, String> shown = Map.of("lobby", "#player-games tr[data-game='" + id + "']", "game", "#moves",
                            "tsume", "#problem", "kifu", "#record");
                    for (String page : List.of("lobby", "game", "tsume", "kifu")) {
                        b.open(base + pages.get(page));
                        b.find(shown.get(page));
                        assertThat(b.text("#lang")).isEqualTo(language.equals("ja") ? "English" : "日本語");
                        soft.assertThat(overflow(b)).as("%s page at %d px in %s", page, width, language).isEmpty();
                        if (width == 390) {
                            // A common phone's width: the brand, the pages' links and the menus on one line.
                            soft.assertThat(belowTopBarFirstLine(b)).as("top bar of the %s page at 390 px in %s", page, language).isEmpty();
                            assertThat(b.script("return document.getElementById('sound').selectedOptions[0].textContent")).isEqualTo(language.equals("ja") ? "♪ 消音" : "♪ Muted");
                            if (page.equals("lobby")) {
                                b.screenshot("phone-topbar-390-" + language);
                            }
                            continue;
                        }
                        if (language.equals("ja") || width == 320) {
                            b.screenshot("narrow-" + page + "-" + width + "-" + language);
                            if (page.equals("lobby")) {
                                b.script("document.getElementById('live-games').scrollIntoView({block: 'start'})");
                                b.screenshot("narrow-lobby-lists-" + width + "-" + language);
                            }
                        }
                    }
                }
            }
        }
        soft.assertAll();
    }

    /**
     * Whether the page is wider than the window: empty when {@code scrollWidth <= clientWidth}, else the width
     * and the elements whose right edge lies beyond the window (at most five, innermost first), to say why.
     */
    @SuppressWarnings("unchecked")
    private static List<String> overflow(Browser b) {
        return (List<String>) b.script("const root = document.documentElement, w = root.clientWidth;"
                + " if (root.scrollWidth <= w) return [];"
                + " const out = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w + 0.5)"
                + "   .filter(e => ![...e.children].some(c => c.getBoundingClientRect().right > w + 0.5))"
                + "   .slice(0, 5).map(e => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')}"
                + " right=${Math.round(e.getBoundingClientRect().right)}`);"
                + " return [`scrollWidth ${root.scrollWidth} > clientWidth ${w}`, ...out];");
    }

    /**
     * The groups of the top bar (the brand, the pages' links, the menus) that lie below its first line: empty when
     * the bar is one line, else each such group with its top, to say why.
     */
    @SuppressWarnings("unchecked")
    private static List<String> belowTopBarFirstLine(Browser b) {
        return (List<String>) b.script("const groups = [...document.querySelector('.topbar').children];"
                + " const firstBottom = Math.min(...groups.map(e => e.getBoundingClientRect().bottom));"
                + " return groups.filter(e => e.getBoundingClientRect().top >= firstBottom)"
                + "   .map(e => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} top=${Math.round(e.getBoundingClientRect().top)}`);");
    }

    /** The words of the label of each form control (by id): the label's own text, without the options of a select. */
    @SuppressWarnings("unchecked")
    private static List<String> labels(Browser b, String... ids) {
        return (List<String>) b.script("return arguments[0].map(id => [...document.getElementById(id).closest('label').childNodes]"
                + ".filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent).join('').trim())", List.of(ids));
    }

    /**
     * The move shown on the record analysis page, without the grade the analysis may give it (疑問手 …): whether a
     * move a few points from the engine's choice is graded depends on what the server's engine searched before.
     */
    private static String moveShown(Browser b) {
        return (String) b.script("const e = document.getElementById('showing').cloneNode(true);"
                + " e.querySelectorAll('.quality').forEach(q => q.remove()); return e.textContent.trim()");
    }

    /** The texts of the elements matching {@code css}, read in one script. */
    @SuppressWarnings("unchecked")
    private static List<String> texts(Browser b, String css) {
        return (List<String>) b.script("return [...document.querySelectorAll(arguments[0])].map(e => e.textContent)", css);
    }

    @Test
    void theLobbyListsGamesBeingPlayedAndAPlayersGames() {
        try (Seat a = seat(Browser.DESKTOP, "en"); Seat b = seat(Browser.PHONE, "en")) {
            String id = a.create("Listed", Map.of("side", "sente", "tcKind", "unlimited", "postSeek", "false"));
            b.joinByLink(id, "Other");
            a.play("7g7f");
            b.browser.open(base + "/");
            b.browser.find("#live-games tr[data-game='" + id + "']");
            org.openqa.selenium.WebElement search = b.browser.find("#player-search");
            search.clear();
            search.sendKeys("Listed", org.openqa.selenium.Keys.TAB);
            b.browser.find("#player-games tr[data-game='" + id + "']");
            b.browser.screenshot("lobby-lists-phone");
            b.browser.script("window.scrollTo(0, 0)");
            // Only the fields of the chosen opponent and time control are shown.
            assertThat(b.browser.find("#engineLevel").isDisplayed()).isFalse();
            assertThat(b.browser.find("#incrementSeconds").isDisplayed()).isFalse();
            assertThat(b.browser.find("#byoyomiSeconds").isDisplayed()).isTrue();
            // Each field has its own name: the kind of time control is not called main time, and the box beside the
            // button says what it does rather than repeating the heading of the seeks.
            assertThat(labels(b.browser, "tcKind", "mainMinutes", "byoyomiSeconds", "postSeek"))
                    .containsExactly("Time control", "Main time (min)", "Byoyomi (s)", "List as an open seek");
            b.browser.screenshot("lobby-form-phone");
            // The language button switches the whole interface, and the choice is remembered.
            assertThat(b.browser.text("#lang")).isEqualTo("日本語");
            b.browser.click("#lang");
            b.browser.await("the Japanese interface", d -> "English".equals(b.browser.text("#lang")));
            assertThat(b.browser.text("#create")).isEqualTo("作成");
            assertThat(labels(b.browser, "tcKind", "mainMinutes", "byoyomiSeconds", "postSeek"))
                    .containsExactly("時間方式", "持ち時間（分）", "秒読み（秒）", "対局待ちに掲示する");
            assertThat(b.browser.text("section:has(#seeks) h2")).isEqualTo("対局待ち");
            b.browser.screenshot("lobby-form-ja-phone");
            b.browser.open(base + "/game/" + id);
            b.browser.await("the game page in Japanese", d -> b.browser.text("#flip").equals("盤を反転"));
            assertThat(b.moveTexts()).containsExactly("▲７六歩(77)");
            a.browser.open(base + "/");
            a.browser.find("#live-games tr[data-game='" + id + "']");
            a.browser.screenshot("lobby-desktop");
        }
    }
}
