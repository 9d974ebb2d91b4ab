package gridmarket.app;

import gridmarket.results.CsvFile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A CSV as a header and rows, read by the results format's reader (tested on hand-written files). */
record CsvRows(List<String> header, List<Map<String, String>> rows) {

    static CsvRows read(Path file) {
        CsvFile csv = CsvFile.read(file);
        List<Map<String, String>> rows = new ArrayList<>();
        for (int r = 0; r < csv.size(); r++) {
            rows.add(csv.row(r));
        }
        return new CsvRows(csv.header(), rows);
    }
}
