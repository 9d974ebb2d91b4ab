package gridmarket.charts;

import gridmarket.results.CsvFile;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Test data (copied into a temporary folder) and checks of the files a chart writes. */
final class Fixtures {
    private Fixtures() {
    }

    /** Copies the resource folder {@code /gridmarket/charts/NAME} into {@code dir} and returns the copy. */
    static Path copy(String name, Path dir) throws IOException {
        Path source;
        try {
            source = Path.of(Fixtures.class.getResource("/gridmarket/charts/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Path target = dir.resolve(name);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path f : files.toList()) {
                Path t = target.resolve(source.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(f, t);
                }
            }
        }
        return target;
    }

    /** A CSV as header names to cells, read by the results format's reader (tested on hand-written files). */
    static List<Map<String, String>> csv(Path file) {
        CsvFile csv = CsvFile.read(file);
        List<Map<String, String>> rows = new ArrayList<>();
        for (int r = 0; r < csv.size(); r++) {
            rows.add(csv.row(r));
        }
        return rows;
    }

    /** The rows whose cells hold the given column=value pairs. */
    static Map<String, String> row(List<Map<String, String>> rows, String... pairs) {
        List<Map<String, String>> found = new ArrayList<>();
        for (Map<String, String> r : rows) {
            boolean ok = true;
            for (int i = 0; i < pairs.length; i += 2) {
                ok &= pairs[i + 1].equals(r.get(pairs[i]));
            }
            if (ok) {
                found.add(r);
            }
        }
        assertEquals(1, found.size(), "one row with " + String.join(",", pairs));
        return found.get(0);
    }

    /** Checks a PNG: it decodes, has the size asked for, and is a picture rather than a blank. */
    static void assertPng(Path file, int width, int height) throws IOException {
        assertTrue(Files.size(file) > 5_000, file + " is only " + Files.size(file) + " bytes");
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(width, image.getWidth(), "width of " + file);
        assertEquals(height, image.getHeight(), "height of " + file);
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < height; y += 7) {
            for (int x = 0; x < width; x += 7) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 10, file + " has only " + colours.size() + " colours");
    }

    /** Parses an SVG file as XML (without fetching its DTD) and returns the text of its {@code text} elements. */
    static List<String> svgTexts(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = factory.newDocumentBuilder().parse(file.toFile());
        assertEquals("svg", doc.getDocumentElement().getLocalName(), file + " is an SVG document");
        NodeList texts = doc.getElementsByTagNameNS("*", "text");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < texts.getLength(); i++) {
            out.add(texts.item(i).getTextContent());
        }
        assertTrue(Files.size(file) > 2_000, file + " is only " + Files.size(file) + " bytes");
        return out;
    }

    /** Checks the PNG and SVG of a figure in {@code dir} and that the SVG shows every label. */
    static void assertWritten(Path dir, String name, List<String> labels) throws Exception {
        assertPng(dir.resolve(name + ".png"), ChartOptions.DEFAULT_WIDTH, ChartOptions.DEFAULT_HEIGHT);
        List<String> texts = svgTexts(dir.resolve(name + ".svg"));
        for (String label : labels) {
            assertTrue(texts.contains(label), "'" + label + "' in the SVG of " + name + ": " + texts);
        }
    }
}
