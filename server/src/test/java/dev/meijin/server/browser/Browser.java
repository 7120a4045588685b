package dev.meijin.server.browser;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * One headless Chromium driven through Selenium, with the waits and screenshots the browser tests share.
 *
 * <p>Chromium and its driver come from the system (Debian's {@code chromium} and {@code chromium-driver}); the
 * tests are skipped, saying why, when they are not installed. Screenshots go to
 * {@code server/target/screenshots/}.
 */
final class Browser implements AutoCloseable {

    /** A desktop window. */
    static final Dimension DESKTOP = new Dimension(1280, 900);
    /** A phone held upright (the CSS size of a common 6-inch phone). */
    static final Dimension PHONE = new Dimension(390, 844);
    /** A small tablet held upright: the board column above the side panels, hands beside the board. */
    static final Dimension TABLET = new Dimension(820, 1180);

    private static final Duration WAIT = Duration.ofSeconds(10);
    /**
     * Selenium warns on every start that it has no DevTools binding for this Chromium; the tests use none. Held
     * here because the logging system keeps only weak references to loggers, and a collected one forgets its level.
     */
    private static final java.util.logging.Logger CDP_LOG = java.util.logging.Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder");

    final WebDriver driver;

    private Browser(WebDriver driver) {
        this.driver = driver;
    }

    /** Starts a headless Chromium with a window of the given size, or skips the test when there is none. */
    static Browser start(Dimension size) {
        CDP_LOG.setLevel(java.util.logging.Level.SEVERE);
        Optional<Path> chromium = findExecutable("chromium", "chromium-browser", "google-chrome");
        Optional<Path> chromedriver = findExecutable("chromedriver");
        Assumptions.assumeTrue(chromium.isPresent() && chromedriver.isPresent(),
                "browser tests skipped: Chromium or chromedriver not found on the PATH"
                        + " (apt-get install chromium chromium-driver fonts-ipafont-gothic)");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.get().toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--lang=en-US", "--autoplay-policy=no-user-gesture-required",
                "--window-size=" + size.width + "," + size.height);
        // The system's driver, named through the property Selenium reads, so Selenium Manager downloads nothing.
        System.setProperty("webdriver.chrome.driver", chromedriver.get().toString());
        ChromeDriver driver = new ChromeDriver(options);
        driver.manage().window().setSize(size);
        return new Browser(driver);
    }

    private static Optional<Path> findExecutable(String... names) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String name : names) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    void open(String url) {
        driver.get(url);
    }

    /** Opens the lobby and follows a link of the top bar, waiting for the page at {@code path} to show {@code element}. */
    void followTopBar(String base, String link, String path, String element) {
        open(base + "/");
        click(link);
        await("the page " + path, d -> d.getCurrentUrl().endsWith(path) && !all(element).isEmpty());
    }

    /** Waits until the condition holds (a non-null, non-false value) and returns its value. */
    <T> T await(String what, Function<WebDriver, T> condition) {
        return await(what, condition, WAIT);
    }

    /**
     * Waits up to {@code limit} until the condition holds: for what the server computes rather than the page
     * (the engine's analysis), which takes longer on a busy machine.
     */
    <T> T await(String what, Function<WebDriver, T> condition, Duration limit) {
        try {
            // A page that redraws between finding an element and using it leaves a stale reference: look again.
            return new WebDriverWait(driver, limit).withMessage(what).ignoring(StaleElementReferenceException.class).until(condition);
        } catch (org.openqa.selenium.TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what + "; page text:\n" + bodyText(), e);
        }
    }

    WebElement find(String css) {
        return await("element " + css, d -> {
            List<WebElement> found = d.findElements(By.cssSelector(css));
            return found.isEmpty() ? null : found.getFirst();
        });
    }

    /** An attribute of the first element matching {@code css}, read again if the page redrew the element. */
    String attribute(String css, String name) {
        return await("attribute " + name + " of " + css, d -> {
            String value = find(css).getDomAttribute(name);
            return value == null ? "" : value;
        });
    }

    /** The visible text of the first element matching {@code css}, read again if the page redrew the element. */
    String text(String css) {
        return await("text of " + css, d -> find(css).getText());
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    void click(String css) {
        await("clickable " + css, d -> {
            List<WebElement> found = d.findElements(By.cssSelector(css));
            if (found.isEmpty() || !found.getFirst().isDisplayed() || !found.getFirst().isEnabled()) {
                return null;
            }
            found.getFirst().click();
            return true;
        });
    }

    /** Chooses an option of a select element by its value, looking again if the page redrew it meanwhile. */
    void select(String css, String value) {
        await("option " + value + " of " + css, d -> {
            new org.openqa.selenium.support.ui.Select(find(css)).selectByValue(value);
            return true;
        });
    }

    /** Clicks a board square by its USI name ({@code "7g"}). */
    void clickSquare(String square) {
        click(".mj-svg rect.mj-sq[data-square='" + square + "']");
    }

    /** Clicks a piece in the hand of {@code color} ({@code "sente"}/{@code "gote"}), by its USI letter. */
    void clickHand(String color, String role) {
        click(".mj-hand-piece[data-hand='" + color + "'][data-role='" + role + "']");
    }

    Object script(String js, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(js, args);
    }

    /** Runs an asynchronous script: it ends by calling its last argument with the result. */
    Object asyncScript(String js, Object... args) {
        return ((JavascriptExecutor) driver).executeAsyncScript(js, args);
    }

    String bodyText() {
        try {
            return driver.findElement(By.tagName("body")).getText();
        } catch (RuntimeException e) {
            return "(no page)";
        }
    }

    /** Saves a screenshot of the window as {@code server/target/screenshots/NAME.png}. */
    Path screenshot(String name) {
        try {
            Path dir = screenshotDir();
            Files.createDirectories(dir);
            Path file = dir.resolve(name + ".png");
            Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code server/target/screenshots}, found from the test classes' folder so it works from any directory. */
    static Path screenshotDir() {
        try {
            Path classes = Path.of(Browser.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return classes.getParent().resolve("screenshots");
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The {@code web} folder of the built classes, for serving the static pages without the server. */
    static Path webRoot() {
        try {
            Path classes = Path.of(Browser.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path web = classes.getParent().resolve("classes").resolve("web");
            try (Stream<Path> files = Files.list(web)) {
                if (files.findAny().isEmpty()) {
                    throw new IllegalStateException("no web files in " + web);
                }
            }
            return web;
        } catch (java.net.URISyntaxException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
