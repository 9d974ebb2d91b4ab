package gridmarket.app;

import gridmarket.app.sweeps.Sweep;
import gridmarket.app.sweeps.SweepLoader;
import gridmarket.app.sweeps.SweepPlan;
import gridmarket.app.sweeps.SweepRun;
import gridmarket.app.sweeps.RunIds;
import gridmarket.app.sweeps.TreePaths;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gridmarket.config.ConfigException;
import gridmarket.config.ExperimentLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Expansion order, run ids and dotted paths, without running anything. */
class SweepPlanTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void cartesianProductInTheOrderWrittenFirstKeySlowest() throws IOException {
        Path sweep = SweepFixture.sweep(dir, "order", "  seed: [3, 1]\n  policy: [fcfs, easy, list]\n");
        List<SweepRun> runs = new SweepPlan(new SweepLoader().load(sweep)).expand(new ExperimentLoader());
        assertEquals(List.of("seed=3,policy=fcfs", "seed=3,policy=easy", "seed=3,policy=list", "seed=1,policy=fcfs",
                "seed=1,policy=easy", "seed=1,policy=list"), runs.stream().map(SweepRun::id).toList());
        for (int i = 0; i < runs.size(); i++) {
            SweepRun r = runs.get(i);
            assertEquals(i, r.index());
            assertEquals(r.params().get("seed").asLong(), r.spec().getSeed());
            assertEquals(r.params().get("policy").asText(), r.spec().getPolicy());
            assertEquals("order", r.spec().getName());
        }
    }

    @Test
    void relativePathsResolveAgainstTheBaseExperimentsFolder() throws IOException {
        Path exp = Files.createDirectories(dir.resolve("exp"));
        Files.writeString(exp.resolve("trace.swf"), "1 0 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n");
        Files.writeString(exp.resolve("base.yaml"), "workload: {swf: trace.swf}\nmachines: [{name: m1, nodes: 8}]\n");
        Path sweeps = Files.createDirectories(dir.resolve("sweeps"));
        Files.writeString(sweeps.resolve("s.yaml"), "experiment: ../exp/base.yaml\nvary: {policy: [fcfs]}\n");
        Sweep sweep = new SweepLoader().load(sweeps.resolve("s.yaml"));
        assertEquals("s", sweep.name(), "the file name is the default name");
        SweepRun run = new SweepPlan(sweep).expand(new ExperimentLoader()).get(0);
        assertEquals(exp.resolve("trace.swf").toAbsolutePath().normalize().toString(),
                run.spec().getWorkload().getSwf());
    }

    @Test
    void runIdsAreFilesystemSafeStableAndShortEnough() {
        Map<String, JsonNode> params = new LinkedHashMap<>();
        params.put("workload.swf", JSON.getNodeFactory().textNode("../traces/a b.swf"));
        params.put("machines", JSON.createArrayNode().add(JSON.createObjectNode().put("name", "m1")));
        assertEquals("workload.swf=.._traces_a_b.swf,machines=___name___m1___", RunIds.of(params));
        params.put("long", JSON.getNodeFactory().textNode("x".repeat(300)));
        String id = RunIds.of(params);
        assertTrue(id.length() <= RunIds.MAX_LENGTH, id);
        assertEquals(id, RunIds.of(new LinkedHashMap<>(params)));
        params.put("long", JSON.getNodeFactory().textNode("x".repeat(299) + "y"));
        assertTrue(!id.equals(RunIds.of(params)), "a hash keeps cut ids apart");
    }

    @Test
    void dottedPathsCreateMappingsAndIndexLists() throws IOException {
        ObjectNode tree = (ObjectNode) JSON.readTree("{\"a\": {\"b\": 1}, \"list\": [{\"n\": 1}], \"s\": 2}");
        TreePaths.set(tree, "a.c.d", JSON.getNodeFactory().numberNode(5));
        TreePaths.set(tree, "list.0.n", JSON.getNodeFactory().numberNode(9));
        assertEquals("{\"a\":{\"b\":1,\"c\":{\"d\":5}},\"list\":[{\"n\":9}],\"s\":2}", tree.toString());
        assertThrows(IllegalArgumentException.class, () -> TreePaths.set(tree, "s.x", tree.get("s")));
        assertThrows(IllegalArgumentException.class, () -> TreePaths.set(tree, "list.1.n", tree.get("s")));
        assertTrue(!TreePaths.isValid("a..b") && !TreePaths.isValid(".a") && !TreePaths.isValid("a b"));
    }

    @Test
    void combinationsSharingAFolderAreRejected() throws IOException {
        Path sweep = SweepFixture.sweep(dir, "clash", "  name: [a/b, a_b]\n");
        ConfigException e = assertThrows(ConfigException.class,
                () -> new SweepPlan(new SweepLoader().load(sweep)).expand(new ExperimentLoader()));
        assertTrue(e.getMessage().contains("name"), e.getMessage());
    }
}
