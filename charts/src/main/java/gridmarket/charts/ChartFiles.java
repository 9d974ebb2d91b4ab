package gridmarket.charts;

import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;

import javax.imageio.ImageIO;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes figures as PNG (anti-aliased, opaque) and SVG (JFreeSVG; text stays text). Each file is written to a
 * temporary name and moved into place, so a reader never sees half a picture. The same chart gives the same bytes:
 * the SVG's definition ids use a fixed prefix instead of JFreeSVG's clock-based one.
 */
final class ChartFiles {
    private static final AtomicLong COUNTER = new AtomicLong();
    private static final int MAX_NAME = 150;

    static {
        // PNGs are encoded into memory: ImageIO's default cache is a temporary file per image, whose stream, when a
        // failed write interrupts the other drawing threads, makes the JVM print a NullPointerException at exit
        // (StreamCloser) after the one-line error. The bytes are the same either way.
        ImageIO.setUseCache(false);
    }

    private ChartFiles() {
    }

    /**
     * Writes the figure in every format into {@code dir}; returns the files in format order. The {@code --where}
     * filters become part of the file name ({@code -where-strategy=local}), so that figures of different selections
     * of the same results never overwrite each other.
     */
    static List<Path> write(Figure figure, Path dir, ChartOptions options) {
        List<Path> files = new ArrayList<>();
        String stem = options.where().isEmpty() ? figure.name()
                : safe(figure.name() + "-where-" + String.join("-", options.where()));
        for (ChartFormat format : options.formats()) {
            Path target = dir.resolve(stem + "." + format.extension());
            byte[] bytes = switch (format) {
                case PNG -> png(figure.chart(), options.width(), options.height());
                case SVG -> svg(figure.chart(), options.width(), options.height())
                        .getBytes(StandardCharsets.UTF_8);
            };
            writeAtomically(target, bytes);
            files.add(target);
        }
        return files;
    }

    /**
     * The chart as PNG bytes. Drawn into 3 bytes per pixel: ImageIO's PNG writer takes the rows of such an image as
     * they are, where an image of packed ints goes through a generic copy per row, for the same pixels and bytes.
     */
    static byte[] png(JFreeChart chart, int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = image.createGraphics();
        try {
            chart.draw(g, new Rectangle(0, 0, width, height));
        } finally {
            g.dispose();
        }
        try (var out = new java.io.ByteArrayOutputStream()) {
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode PNG", e);
        }
    }

    /** The chart as an SVG document. */
    static String svg(JFreeChart chart, int width, int height) {
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        g.setDefsKeyPrefix("gridmarket");
        // a hundredth of a pixel is below anything visible, and halves the size of long step lines
        g.setGeomDoubleConverter(ChartFiles::hundredths);
        chart.draw(g, new Rectangle(0, 0, width, height));
        return g.getSVGDocument();
    }

    private static String hundredths(double v) {
        double r = Math.round(v * 100) / 100.0;
        return r == Math.rint(r) ? Long.toString((long) r) : Double.toString(r);
    }

    /**
     * A file name stem with only {@code A-Z a-z 0-9 . _ = , -}; others become {@code _}. A stem longer than 150
     * characters is cut and made unique with 12 hex digits of its SHA-256.
     */
    static String safe(String name) {
        StringBuilder b = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
                    || ".-_=,".indexOf(c) >= 0;
            b.append(ok ? c : '_');
        }
        String s = b.toString();
        if (s.length() <= MAX_NAME) {
            return s;
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
            return s.substring(0, 120) + "-h" + HexFormat.of().formatHex(hash, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    private static void writeAtomically(Path target, byte[] bytes) {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = dir.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + COUNTER.incrementAndGet() + ".partial");
        try {
            Files.createDirectories(dir);
            try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                out.write(bytes);
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the write error is the one worth reporting
            }
            throw new ChartException("cannot write " + target + ": " + e.getMessage());
        }
    }
}
