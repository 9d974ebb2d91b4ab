package gridmarket.app;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A corpus of bad inputs a new user could give, across experiments, SWF traces, sweeps, formulas, charts and command
 * line options. Every one must be answered with exactly one line that names where (file and line, or the field or
 * option) and, where there is one, the value, with exit code 2 and no stack trace.
 */
class BadInputCorpusTest {
    private static final String JOB = "1 0 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n";
    private static final String TRACE = "; MaxNodes: 8\n" + JOB + "2 10 -1 50 2 -1 -1 2 60 -1 1 1 1 -1 -1 -1 -1 -1\n";
    private static final String W = "workload: {swf: t.swf}\n";
    private static final String M = "machines: [{name: m1, nodes: 8}]\n";
    private static final String TWO = "machines: [{name: m1, nodes: 8}, {name: m2, nodes: 8}]\n";
    private static final String GEN = "workload: {generate: {model: poisson, jobs: 20, nodes: 8, load: 0.5, "
            + "meanRunTime: 100%s}}\n";
    private static final String MARKET = "name: t\n" + W + TWO + "strategy: market\n";
    /** A run's summary as the results format has it: every field a model writes, on one line. */
    private static final String SUMMARY = "{\"experiment\": \"e\", \"strategy\": \"local\", \"policy\": \"easy\", "
            + "\"seed\": 1, \"metrics\": {\"awrt\": 1, \"machines\": {\"m1\": {\"nodes\": 8}}}}\n";
    private static final String JOBS = "job_id,part,site,user,submit,start,end,nodes,run_time,estimate,machine,"
            + "multisite,status,reason,node_ids,price,utility,offers,messages,promised_start,pieces,cause\n";
    /** A completed job on nodes 3-4 of machine m1, from 10 s to 20 s. */
    private static final String GANTT_ROW = "1,0,s1,1,0,10,20,2,10,10,m1,1,completed,,3-4,,,,,,,\n";

    @TempDir
    Path dir;

    /** One bad input: files to write, the command line ({@code @} stands for the folder), what the line must say. */
    private record Case(String name, Map<String, Object> files, String[] args, String[] says) {
    }

    private static final class Corpus {
        final List<Case> cases = new ArrayList<>();

        /** An experiment {@code e.yaml} (beside a good trace) given to {@code validate}. */
        void experiment(String name, String yaml, String... says) {
            add(name, Map.of("e.yaml", yaml, "t.swf", TRACE), new String[] {"validate", "@/e.yaml"}, says);
        }

        /** An experiment {@code e.yaml} with the failure trace {@code f.csv} (and a good trace) given to {@code validate}. */
        void failures(String name, String yaml, String csv, String... says) {
            add(name, Map.of("e.yaml", yaml, "t.swf", TRACE, "f.csv", "machine,nodes,start,end\n" + csv),
                    new String[] {"validate", "@/e.yaml"}, says);
        }

        /** A market experiment {@code e.yaml} with the domain outages {@code o.csv} given to {@code validate}. */
        void outages(String name, String yaml, String csv, String... says) {
            add(name, Map.of("e.yaml", yaml, "t.swf", TRACE, "o.csv", "domain,start,end\n" + csv),
                    new String[] {"validate", "@/e.yaml"}, says);
        }

        /** A trace {@code t.swf} given to {@code validate}. */
        void trace(String name, Object swf, String... says) {
            add(name, Map.of("t.swf", swf), new String[] {"validate", "@/t.swf"}, says);
        }

        /** A sweep {@code s.yaml} over a good base experiment, given to {@code validate}. */
        void sweep(String name, String yaml, String... says) {
            add(name, Map.of("s.yaml", yaml, "base.yaml", "name: b\n" + W + M, "t.swf", TRACE),
                    new String[] {"validate", "@/s.yaml"}, says);
        }

        /** A description-language file (request, offer or machine, by its extension) given to {@code validate}. */
        void language(String name, String file, Object text, String... says) {
            add(name, Map.of(file, text), new String[] {"validate", "@/" + file}, says);
        }

        void add(String name, Map<String, Object> files, String[] args, String... says) {
            cases.add(new Case(name, files, args, says));
        }
    }

    private static List<Case> corpus() {
        Corpus c = new Corpus();
        // experiment files: keys, types, ranges
        c.experiment("unknown top-level key", "name: t\n" + W + M + "polcy: easy\n", "e.yaml:4:", "'polcy'");
        c.experiment("unknown workload key", "name: t\nworkload: {swf: t.swf, trace: x}\n" + M, "e.yaml:2:",
                "'trace'");
        c.experiment("unknown machine key", "name: t\n" + W + "machines: [{name: m1, nodes: 8, cpus: 2}]\n",
                "e.yaml:3:", "'cpus'");
        c.experiment("unknown market key", MARKET + "market: {mff: MF1}\n", "e.yaml:5:", "'mff'");
        c.experiment("unknown multisite key", "name: t\n" + W + TWO + "strategy: multisite\nmultisite: {p: 1}\n",
                "e.yaml:5:", "'p'");
        c.experiment("unknown generator key", "name: t\n" + GEN.formatted(", mean: 3") + M, "e.yaml:2:", "'mean'");
        c.experiment("unknown shape key", "name: t\nworkload: {swf: t.swf, shape: {start: 3}}\n" + M, "e.yaml:2:",
                "'start'");
        c.experiment("seed not a number", "name: t\nseed: many\n" + W + M, "e.yaml:2:", "seed", "'many'");
        c.experiment("seed a decimal", "name: t\nseed: 1.5\n" + W + M, "e.yaml:2:", "seed");
        c.experiment("name with a space", "name: my run\n" + W + M, "e.yaml:1:", "name", "'my run'");
        c.experiment("name empty", "name: ''\n" + W + M, "e.yaml:1:", "name");
        c.experiment("nodes zero", "name: t\n" + W + "machines: [{name: m1, nodes: 0}]\n", "e.yaml:3:", "nodes",
                "got 0");
        c.experiment("nodes negative", "name: t\n" + W + "machines: [{name: m1, nodes: -1}]\n", "e.yaml:3:",
                "got -1");
        c.experiment("nodes two billion", "name: t\n" + W + "machines: [{name: m1, nodes: 2000000000}]\n",
                "e.yaml:3:", "nodes", "2000000000");
        c.experiment("nodes beyond int", "name: t\n" + W + "machines: [{name: m1, nodes: 3000000000}]\n",
                "e.yaml:3:", "nodes");
        c.experiment("nodes a word", "name: t\n" + W + "machines: [{name: m1, nodes: eight}]\n", "e.yaml:3:",
                "'eight'");
        c.experiment("machines empty", "name: t\n" + W + "machines: []\n", "e.yaml:3:", "machines");
        c.experiment("machine names twice", "name: t\n" + W + "machines: [{name: m1, nodes: 8}, {name: m1, "
                + "nodes: 4}]\n", "e.yaml:3:", "'m1'");
        c.experiment("machine without nodes", "name: t\n" + W + "machines: [{name: m1}]\n", "e.yaml", "machines[0]",
                "nodes");
        c.experiment("machine without name", "name: t\n" + W + "machines: [{nodes: 8}]\n", "e.yaml", "machines[0]",
                "name");
        c.experiment("grid given twice", "name: t\n" + W + M + "configuration: m128\n", "e.yaml", "configuration");
        c.experiment("no grid", "name: t\n" + W, "e.yaml", "configuration");
        c.experiment("unknown configuration", "name: t\n" + W + "configuration: m999\n", "e.yaml:3:",
                "'m999'");
        c.experiment("unknown strategy", "name: t\n" + W + M + "strategy: cloud\n", "e.yaml:4:", "'cloud'");
        c.experiment("unknown policy", "name: t\n" + W + M + "policy: fifo\n", "e.yaml:4:", "'fifo'");
        c.experiment("conservative under multisite", "name: t\n" + W + TWO + "strategy: multisite\n"
                + "policy: conservative\n", "e.yaml", "policy 'conservative'");
        c.experiment("list under multisite", "name: t\n" + W + TWO + "strategy: multisite\npolicy: list\n",
                "e.yaml", "policy 'list'");
        c.experiment("smart-ffia on a site of two machines", "name: t\n" + W + "sites: [{name: s, machines: "
                + "[{name: a, nodes: 4}, {name: b, nodes: 4}]}]\npolicy: smart-ffia\n", "e.yaml",
                "policy 'smart-ffia'");
        // node failures: the trace's windows (jobs are submitted at 0 and 10), the models, the strategy
        String failing = "name: t\n" + W + M + "failures: {trace: f.csv}\n";
        c.failures("failure window outside the run", failing, "m1,all,50,60\n", "f.csv:2:", "'50'", "outside the run");
        c.failures("failure on a machine that does not exist", failing, "m9,all,0,5\n", "f.csv:2:", "machine",
                "'m9'");
        c.failures("failure ending before it starts", failing, "m1,4,5,3\n", "f.csv:2:", "end", "'3'",
                "not after start 5");
        c.failures("failure starting before the clock", failing, "m1,all,-5,5\n", "f.csv:2:", "start", "'-5'");
        c.failures("failure with a start that is no number", failing, "m1,all,soon,5\n", "f.csv:2:", "start",
                "'soon'");
        c.failures("failure of more nodes than the machine has", failing, "m1,9,0,5\n", "f.csv:2:", "nodes", "'9'");
        c.failures("failure trace without its header", failing.replace("f.csv", "t.swf"), "", "t.swf:1:", "header");
        String model = "name: t\n" + W + M + "failures:\n  models:\n    - between: {distribution: exponential, "
                + "mean: %s}\n      repair: {distribution: weibull, scale: 60, shape: %s}\n";
        c.experiment("failure model with a negative mean", model.formatted("-5", "1"), "e.yaml:6:", "mean",
                "got -5");
        c.experiment("failure model with a negative shape", model.formatted("600", "-0.5"), "e.yaml:7:", "shape",
                "got -0.5");
        c.experiment("failure model of a machine that does not exist", "name: t\n" + W + M + "failures: {models: "
                + "[{machine: m9, between: {mean: 60}, repair: {mean: 6}}]}\n", "e.yaml", "failures.models[0].machine",
                "'m9'");
        c.experiment("a market checkpoint on a machine of another speed", "name: t\n" + W
                + "machines: [{name: m1, nodes: 8, speed: 2}]\nstrategy: market\nfailures: {checkpoint: 60, "
                + "models: [{between: {mean: 60}, repair: {mean: 6}}]}\n", "e.yaml", "failures.checkpoint: 60",
                "machine m1 has speed 2.0");
        // domain outages (the market's sites s1 and s2; jobs are submitted at 0 and 10)
        String down = MARKET + "failures: {outages: o.csv}\n";
        c.outages("domain outage outside the run", down, "s1,50,60\n", "o.csv:2:", "start", "'50'",
                "outside the run");
        c.outages("outage of a domain that does not exist", down, "s9,0,5\n", "o.csv:2:", "domain", "'s9'");
        c.outages("domain outage ending before it starts", down, "s1,5,3\n", "o.csv:2:", "end", "'3'",
                "not after start 5");
        c.outages("domain outage starting before the clock", down, "s2,-5,5\n", "o.csv:2:", "start", "'-5'");
        c.outages("domain outages without their header", down.replace("o.csv", "t.swf"), "", "t.swf:1:", "header");
        String outageModel = MARKET + "failures:\n  outageModels:\n    - between: {distribution: exponential, "
                + "mean: %s}\n      length: {mean: %s}\n";
        c.experiment("outage model with a negative mean", outageModel.formatted("-5", "60"), "e.yaml:7:", "mean",
                "got -5");
        c.experiment("outage model with a negative length", outageModel.formatted("600", "-60"), "e.yaml:8:", "mean",
                "got -60.0");
        c.experiment("outage model of a domain that does not exist", MARKET + "failures: {outageModels: "
                + "[{domain: s9, between: {mean: 60}, length: {mean: 6}}]}\n", "e.yaml",
                "failures.outageModels[0].domain", "'s9'");
        c.experiment("fallback that is no domain", MARKET + "failures: {outages: o.csv, fallback: s9}\n", "e.yaml",
                "failures.fallback", "'s9'");
        c.experiment("domain outages without a market", "name: t\n" + W + TWO + "strategy: jobsharing\n"
                + "failures: {outages: o.csv}\n", "e.yaml:5:", "failures.outages", "strategy");
        c.experiment("outage timeout without outages", MARKET + "failures: {outageTimeout: 30}\n", "e.yaml",
                "failures.outageTimeout", "no effect");
        // local load beside the grid
        c.experiment("local load share above 1", "name: t\n" + W + M + "localLoad: {share: 1.5}\n", "e.yaml:4:",
                "localLoad.share", "got 1.5");
        c.experiment("local load share below 0", "name: t\n" + W + M + "localLoad: {share: -0.1}\n", "e.yaml:4:",
                "localLoad.share", "got -0.1");
        c.experiment("local load policy unknown", "name: t\n" + W + M + "localLoad: {policy: sjf}\n", "e.yaml:4:",
                "localLoad.policy", "'sjf'");
        c.experiment("local trace of a machine that does not exist", "name: t\n" + W + M
                + "localLoad: {traces: {m9: t.swf}}\n", "e.yaml", "localLoad.traces.m9", "'m9'");
        c.experiment("local trace missing", "name: t\n" + W + M + "localLoad: {traces: {m1: nope.swf}}\n", "e.yaml",
                "localLoad.traces.m1", "nope.swf", "does not exist");
        c.experiment("local load with failures", "name: t\n" + W + M + "localLoad: {share: 0.5}\nfailures: "
                + "{models: [{between: {mean: 60}, repair: {mean: 6}}]}\n", "e.yaml", "localLoad",
                "not yet simulated together with failures");
        String pfcfs = "name: t\n" + W + M + "policy: pfcfs\npolicyParameters: ";
        c.experiment("pfcfs x zero", pfcfs + "{x: 0}\n", "e.yaml:5:", "policyParameters.x", "got 0.0");
        c.experiment("pfcfs x 100", pfcfs + "{x: 100}\n", "e.yaml:5:", "x must be above 0 and below 100");
        c.experiment("pfcfs n zero", pfcfs + "{n: 0}\n", "e.yaml:5:", "policyParameters.n", "got 0");
        c.experiment("pfcfs n a word", pfcfs + "{n: many}\n", "e.yaml:5:", "'unlimited', got many");
        c.experiment("pfcfs delta zero", pfcfs + "{delta: 0}\n", "e.yaml:5:", "delta must be >= 1", "got 0");
        c.experiment("pfcfs delay negative", pfcfs + "{delay: -1}\n", "e.yaml:5:", "delay", "got -1");
        c.experiment("pfcfs penalty negative", pfcfs + "{penalty: -5}\n", "e.yaml:5:", "penalty", "got -5");
        c.experiment("pfcfs penalty as long as a gang, n unlimited", pfcfs + "{n: unlimited, delta: 60, penalty: 120}\n",
                "e.yaml", "penalty 120 s is not below delta 60 s");
        c.experiment("pfcfs delta past every clock", pfcfs + "{delta: 9223372036854775807, n: 3}\n", "e.yaml:5:",
                "delta", "at most 1000000000000");
        c.experiment("pfcfs delay past every clock", pfcfs + "{delay: 9223372036854775807}\n", "e.yaml:5:", "delay",
                "at most 1000000000000");
        c.experiment("pfcfs penalty past every clock", pfcfs + "{penalty: 9223372036854775000}\n", "e.yaml:5:",
                "penalty", "at most 1000000000000");
        c.experiment("pfcfs x not a number", pfcfs + "{x: .nan}\n", "e.yaml:5:", "policyParameters.x",
                "'.nan' is not a finite number");
        c.experiment("pfcfs penalty with an exponent", pfcfs + "{penalty: 1e3}\n", "e.yaml:5:",
                "policyParameters.penalty", "whole number (1000)");
        c.experiment("pfcfs penalty with a fraction", pfcfs + "{penalty: 2.5}\n", "e.yaml:5:",
                "policyParameters.penalty", "'2.5' is not a valid whole number");
        c.experiment("policy parameters as a list", pfcfs + "[1, 2]\n", "e.yaml:5:", "policyParameters",
                "expected a mapping (key: value)");
        c.experiment("pfcfs idle 100", pfcfs + "{idle: 100}\n", "e.yaml:5:", "policyParameters.idle",
                "below 100", "got 100.0");
        c.experiment("pfcfs unknown parameter", pfcfs + "{gang: 60}\n", "e.yaml:5:", "'gang'");
        c.experiment("pfcfs parameter on psrs", "name: t\n" + W + M + "policy: psrs\npolicyParameters: {x: 40}\n",
                "e.yaml", "'x' does not apply to policy 'psrs'", "pfcfs*");
        c.experiment("gamma on pfcfs2", "name: t\n" + W + M + "policy: pfcfs2\npolicyParameters: {gamma: 3}\n",
                "e.yaml", "'gamma' does not apply to policy 'pfcfs2'");
        c.experiment("pfcfs under job-sharing", "name: t\n" + W + TWO + "strategy: jobsharing\npolicy: pfcfs1\n",
                "e.yaml", "pfcfs1");
        c.experiment("market block under local", "name: t\n" + W + M + "market: {mf: MF2}\n", "e.yaml", "market",
                "'local'");
        c.experiment("multisite block under jobsharing", "name: t\n" + W + TWO + "strategy: jobsharing\n"
                + "multisite: {overhead: 0.1}\n", "e.yaml", "multisite", "'jobsharing'");
        c.experiment("duplicate top-level key", "name: t\nname: u\n" + W + M, "e.yaml:2:", "'name'");
        c.experiment("duplicate nested key", "name: t\n" + W + "machines: [{name: m1, nodes: 8, nodes: 4}]\n",
                "e.yaml:3:", "'nodes'");
        c.experiment("tab indentation", "name: t\n" + W + "machines:\n\t- {name: m1, nodes: 8}\n", "e.yaml:4:1:",
                "tab");
        c.experiment("unclosed flow mapping", "name: t\nworkload: {swf: t.swf\n" + M, "e.yaml:3:", "flow mapping");
        c.experiment("unclosed quote", "name: 't\n" + W + M, "e.yaml:", "quoted");
        c.experiment("empty file", "", "e.yaml", "empty");
        c.experiment("comments only", "# nothing here\n", "e.yaml", "empty");
        c.experiment("a list, not a mapping", "- name: t\n", "e.yaml:1:", "expected");
        c.experiment("a scalar, not a mapping", "just text\n", "e.yaml:1:", "expected");
        c.experiment("workload missing", "name: t\n" + M, "e.yaml", "workload");
        c.experiment("workload both ways", "name: t\nworkload: {swf: t.swf, generate: {model: poisson, jobs: 5, "
                + "nodes: 8, load: 0.5, meanRunTime: 10}}\n" + M, "e.yaml", "workload", "exactly one");
        c.experiment("workload neither way", "name: t\nworkload: {onBadLine: skip}\n" + M, "e.yaml", "workload",
                "exactly one");
        c.experiment("onBadLine unknown", "name: t\nworkload: {swf: t.swf, onBadLine: maybe}\n" + M, "e.yaml:2:",
                "'maybe'");
        c.experiment("workload a string", "name: t\nworkload: t.swf\n" + M, "e.yaml:2:", "workload");
        c.experiment("machines a string", "name: t\n" + W + "machines: m1\n", "e.yaml:3:", "machines");
        c.experiment("overhead negative", "name: t\n" + W + TWO + "strategy: multisite\nmultisite: "
                + "{overhead: -1}\n", "e.yaml:5:", "overhead", "-1");
        c.experiment("overhead not a number", "name: t\n" + W + TWO + "strategy: multisite\nmultisite: "
                + "{overhead: .nan}\n", "e.yaml:5:", "'.nan'");
        c.experiment("site names twice", "name: t\n" + W + "sites: [{name: s, machines: [{name: a, nodes: 4}]}, "
                + "{name: s, machines: [{name: b, nodes: 4}]}]\n", "e.yaml:3:", "site");
        c.experiment("split unknown", "name: t\nworkload: {swf: t.swf, shape: {split: halves}}\n" + M,
                "e.yaml:2:", "'halves'");
        c.experiment("shape keeps no job", "name: t\nworkload: {swf: t.swf, shape: {from: 50, to: 60}}\n" + M,
                "workload.shape");
        c.experiment("trace missing", "name: t\nworkload: {swf: nope.swf}\n" + M, "nope.swf", "no such file");
        c.experiment("trace of another name missing", "name: t\nworkload: {swf: bad.swf}\n" + M,
                "bad.swf", "no such file");
        // the synthetic workload
        c.experiment("generator model unknown", "name: t\nworkload: {generate: {model: gauss, jobs: 2}}\n" + M,
                "e.yaml:2:", "'gauss'");
        c.experiment("generator no jobs", "name: t\n" + GEN.replace("jobs: 20", "jobs: 0").formatted("") + M,
                "e.yaml:2:", "jobs", "got 0");
        c.experiment("generator two billion jobs", "name: t\n"
                + GEN.replace("jobs: 20", "jobs: 2000000000").formatted("") + M, "e.yaml:2:", "jobs",
                "2000000000");
        c.experiment("generator load zero", "name: t\n" + GEN.replace("load: 0.5", "load: 0").formatted("") + M,
                "e.yaml:2:", "load");
        c.experiment("generator load infinite", "name: t\n" + GEN.replace("load: 0.5", "load: .inf").formatted("")
                + M, "e.yaml:2:", "'.inf'");
        c.experiment("generator run time zero", "name: t\n" + GEN.replace("meanRunTime: 100", "meanRunTime: 0")
                .formatted("") + M, "e.yaml:2:", "meanRunTime");
        c.experiment("generator run time absurd", "name: t\n" + GEN.replace("meanRunTime: 100",
                "meanRunTime: 99999999999999").formatted("") + M, "e.yaml:2:", "meanRunTime");
        c.experiment("generator processors unknown", "name: t\n" + GEN.formatted(", processors: normal") + M,
                "e.yaml:2:", "'normal'");
        c.experiment("generator over-estimate below 1", "name: t\n" + GEN.formatted(", overEstimate: 0.5") + M,
                "e.yaml:2:", "overEstimate");
        c.experiment("generator nodes zero", "name: t\n" + GEN.replace("nodes: 8", "nodes: 0").formatted("") + M,
                "e.yaml:2:", "nodes");
        c.experiment("probabilistic without a fit", "name: t\nworkload: {generate: {model: probabilistic, jobs: "
                + "5}}\n" + M, "e.yaml", "fit");
        c.experiment("probabilistic fit missing", "name: t\nworkload: {generate: {model: probabilistic, jobs: 5, "
                + "fit: nope.swf}}\n" + M, "nope.swf", "no such file");
        // formulas and market settings
        c.experiment("mf unknown variable", MARKET + "market: {mf: NumberOfProcessors * RunTim}\n", "e.yaml:5:",
                "market.mf", "RunTim");
        c.experiment("uf syntax error", MARKET + "market: {uf: '-(StartTime +'}\n", "e.yaml:5:", "market.uf",
                "'-(StartTime +'");
        c.experiment("mf divides by zero", MARKET + "market: {mf: 1/0}\n", "e.yaml", "market.mf", "'1/0'",
                "Infinity");
        c.experiment("mf divides by an idle area", MARKET + "market: {mf: NumberOfProcessors / left_right}\n",
                "e.yaml", "market.mf", "left_right = 0");
        c.experiment("uf root of a negative wait", MARKET + "market: {uf: sqrt(SubmitTime - StartTime)}\n", "e.yaml",
                "market.uf", "StartTime = 1");
        c.experiment("fork-join mean service beyond its checked range",
                "name: t\nmodel: forkjoin\nforkjoin: {meanService: 1e308}\n", "e.yaml:3:", "meanService",
                "[1e-6, 1e9]");
        c.experiment("fork-join epoch too short to advance the clock",
                "name: t\nmodel: forkjoin\nforkjoin: {parallelismEpoch: 1e-300}\n", "e.yaml:3:", "parallelismEpoch");
        c.experiment("ibts arrivals too rare for the slice counter",
                "name: t\nmodel: ibts\nibts: {arrivalsPerSlice: 1e-300}\n", "e.yaml:3:", "arrivalsPerSlice");
        c.experiment("generated load too small for the clock", "name: t\n"
                + "workload: {generate: {model: poisson, jobs: 20, nodes: 8, load: 1e-300, meanRunTime: 100}}\n" + M,
                "e.yaml:2:", "load must be in [1e-6, 1e6]");
        c.experiment("waitLimit under the market", MARKET.replace("strategy: market", "policy: fpfs\nwaitLimit: 600\n"
                + "strategy: market"), "e.yaml", "waitLimit: only strategy local");
        c.experiment("mf that can give a negative price", MARKET + "market: {mf: 100 - StartTime}\n", "e.yaml",
                "market.mf", "a price must be >= 0");
        c.experiment("uf log of a zero start", MARKET + "market: {uf: log(StartTime)}\n", "e.yaml", "market.uf",
                "StartTime = 0");
        c.experiment("mf unknown name", MARKET + "market: {mf: MF9}\n", "e.yaml:5:", "market.mf", "MF9");
        c.experiment("uf empty", MARKET + "market: {uf: ''}\n", "e.yaml:5:", "market.uf");
        c.experiment("node sets zero", MARKET + "market: {nodeSets: 0}\n", "e.yaml:5:", "nodeSets");
        c.experiment("start times zero", MARKET + "market: {startTimes: 0}\n", "e.yaml:5:", "startTimes");
        c.experiment("hops negative", MARKET + "market: {hops: -1}\n", "e.yaml:5:", "hops");
        c.experiment("peers name an unknown site", MARKET + "market: {peers: {s1: [s9]}}\n", "e.yaml",
                "market.peers", "'s9'");
        c.experiment("latency negative", MARKET + "market: {latency: -5}\n", "e.yaml:5:", "latency");
        c.experiment("users unknown", MARKET + "market: {users: everyone}\n", "e.yaml:5:", "'everyone'");
        c.experiment("formula a list", MARKET + "market: {mf: [MF1]}\n", "e.yaml:5:", "mf");
        c.experiment("posted price period negative", MARKET + "market: {owner: {strategy: posted, period: -60}}\n",
                "e.yaml:5:", "posted", "period", "-60");
        c.experiment("posted price bounds reversed", MARKET
                + "market: {owner: {strategy: posted, min: 5, max: 2}}\n", "e.yaml:5:", "posted", "max", "2.0", "5.0");
        c.experiment("sealed bid markup above its maximum", MARKET
                + "market: {owner: {strategy: sealed-bid, markup: 3, maxMarkup: 1}}\n", "e.yaml:5:", "sealed-bid",
                "markup", "3.0");
        c.experiment("posted price signal unknown", MARKET + "market: {owner: {strategy: posted, signal: sale}}\n",
                "e.yaml:5:", "signal", "'sale'");
        // JSON experiments
        c.add("JSON trailing comma", Map.of("e.json", "{\"name\": \"t\",\n \"seed\": 1,}\n"),
                new String[] {"validate", "@/e.json"}, "e.json:2:");
        c.add("JSON wrong type", Map.of("e.json", "{\"name\": \"t\",\n \"seed\": \"x\"}\n"),
                new String[] {"validate", "@/e.json"}, "e.json:2:", "seed", "'x'");
        c.add("JSON duplicate key", Map.of("e.json", "{\"name\": \"t\",\n \"name\": \"u\"}\n"),
                new String[] {"validate", "@/e.json"}, "e.json:2:", "'name'");
        c.add("binary experiment", Map.of("e.yaml", new byte[] {(byte) 0xC3, 0x28, 0x00, 0x7F, (byte) 0xFF}),
                new String[] {"validate", "@/e.yaml"}, "e.yaml", "not a text file");
        c.add("experiment missing", Map.of(), new String[] {"run", "@/nope.yaml"}, "nope.yaml", "no such file");
        c.add("experiment is a folder", Map.of("d/x", ""), new String[] {"run", "@/d"}, "d");
        // SWF traces
        c.trace("truncated line", TRACE + "3 20 -1 100 4 -1\n", "t.swf:4:", "expected 18 fields, found 6");
        c.trace("too many fields", JOB.strip() + " 7\n", "t.swf:1:", "expected 18 fields");
        c.trace("letter in a number", "1 0 -1 1O0 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n", "t.swf:1:",
                "field 4 (run time)", "'1O0'");
        c.trace("run time beyond a long", "1 0 -1 99999999999999999999 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n",
                "t.swf:1:", "field 4 (run time)", "out of range");
        c.trace("run time 1e300", "1 0 -1 1e300 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n", "t.swf:1:",
                "field 4", "out of range");
        c.trace("submit time NaN", "1 NaN -1 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n", "t.swf:1:",
                "field 2 (submit time)", "'NaN'");
        c.trace("negative submit time", "1 -5 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n", "t.swf:1:",
                "field 2 (submit time)", "-5");
        c.trace("processors beyond int", "1 0 -1 100 3000000000 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n",
                "t.swf:1:", "field 5 (allocated processors)", "out of range");
        c.trace("user id beyond int", "1 0 -1 100 4 -1 -1 4 200 -1 1 99999999999 1 -1 -1 -1 -1 -1\n", "t.swf:1:",
                "field 12 (user id)", "out of range");
        c.trace("job number read twice", TRACE + JOB, "t.swf:4:", "field 1 (job number): 1", "on line 2 too");
        c.trace("empty trace", "", "t.swf", "no jobs", "empty");
        c.trace("header only", "; MaxNodes: 8\n; Note: nothing\n", "t.swf", "no jobs");
        c.trace("every job dropped", "1 0 -1 0 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n", "t.swf", "no jobs left",
                "run_time");
        c.trace("binary trace", new byte[] {0x7F, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, '\n'}, "t.swf:1:", "not SWF text");
        c.trace("control character in a line", "1 0 -1 100 4 -1 -1 4 200\u0007 -1 1 1 1 -1 -1 -1 -1 -1\n", "t.swf:1:",
                "U+0007");
        c.trace("non-ASCII in a line", "1 0 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 \u00e9\n", "t.swf:1:",
                "not ASCII");
        c.trace("long garbage token is cut", "1 0 -1 " + "x".repeat(500) + " 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n",
                "t.swf:1:", "field 4", "...'");
        c.trace("truncated gzip", truncatedGzip(), "t.swf", "cannot read");
        c.add("trace missing", Map.of(), new String[] {"validate", "@/nope.swf"}, "nope.swf", "no such file");
        c.add("trace-stats of a bad trace", Map.of("t.swf", "1 0 -1 x 4\n"), new String[] {"trace-stats",
            "@/t.swf"}, "t.swf:1:");
        c.add("run over a bad trace names the trace's line", Map.of("e.yaml", "name: t\n" + W + M, "t.swf",
                TRACE + "3 20 -1 100 4 -1\n"), new String[] {"run", "@/e.yaml", "--out", "@/o"}, "t.swf:4:");
        // sweeps
        c.experiment("shape that ends before it starts", "name: t\nworkload: {swf: t.swf, shape: {from: 10, to: 5}}\n"
                + M, "e.yaml: workload.shape", "to must be >= from");
        c.sweep("sweep whose shape leaves no jobs", "name: s\nexperiment: base.yaml\nvary:\n  workload.shape: "
                + "[{from: 100, to: 200}]\n", "s.yaml: ", "workload.shape", "no jobs left");
        c.sweep("sweep unknown key", "name: s\nexperiment: base.yaml\nvary: {seed: [1]}\nthreads: 4\n", "s.yaml:4:",
                "'threads'");
        c.sweep("sweep without vary", "name: s\nexperiment: base.yaml\nvary: {}\n", "s.yaml", "vary");
        c.sweep("sweep with an empty list", "name: s\nexperiment: base.yaml\nvary: {seed: []}\n", "s.yaml",
                "seed");
        c.sweep("sweep varies an unknown key", "name: s\nexperiment: base.yaml\nvary: {polcy: [easy]}\n", "s.yaml",
                "polcy");
        c.sweep("sweep with an unrunnable combination", "name: s\nexperiment: base.yaml\nvary:\n  strategy: "
                + "[jobsharing]\n  machines: [[{name: a, nodes: 4}, {name: b, nodes: 4}]]\n  policy: [psrs]\n",
                "s.yaml", "policy 'psrs'");
        c.sweep("sweep base missing", "name: s\nexperiment: nope.yaml\nvary: {seed: [1]}\n", "s.yaml:2:", "nope.yaml");
        c.sweep("sweep varies market settings under local", "name: s\nexperiment: base.yaml\nvary: {market.mf: [MF1]}\n",
                "s.yaml", "market", "'local'");
        c.sweep("sweep vary a list", "name: s\nexperiment: base.yaml\nvary: [seed]\n", "s.yaml:3:", "vary");
        c.sweep("sweep with a tab", "name: s\nexperiment: base.yaml\nvary:\n\tseed: [1]\n", "s.yaml:4:1:", "tab");
        c.sweep("sweep with a bad formula", "name: s\nexperiment: base.yaml\nvary:\n  strategy: [market]\n  "
                + "market.mf: ['1/0']\n", "s.yaml", "market.mf", "'1/0'");
        c.add("sweep --threads 0", Map.of("s.yaml", "name: s\nexperiment: base.yaml\nvary: {seed: [1]}\n",
                "base.yaml", "name: b\n" + W + M, "t.swf", TRACE),
                new String[] {"sweep", "@/s.yaml", "--threads", "0", "--out", "@/o"}, "--threads", "0");
        c.add("sweep --shard 3/2", Map.of("s.yaml", "name: s\nexperiment: base.yaml\nvary: {seed: [1]}\n",
                "base.yaml", "name: b\n" + W + M, "t.swf", TRACE),
                new String[] {"sweep", "@/s.yaml", "--shard", "3/2", "--out", "@/o"}, "--shard", "3/2");
        c.add("sweep --shard a word", Map.of(), new String[] {"sweep", "@/s.yaml", "--shard", "half"}, "--shard",
                "half");
        // charts
        c.add("chart kind unknown", Map.of(), new String[] {"chart", "pie", "@"}, "pie");
        c.add("chart results missing", Map.of(), new String[] {"chart", "strategies", "@/nope"}, "nope");
        c.add("chart results folder without runs", Map.of("r/x.txt", ""), new String[] {"chart", "strategies",
            "@/r"}, "r", "no results.csv");
        c.add("chart where without =", Map.of("r.csv", "run,experiment,awrt\n1,t,5\n"), new String[] {"chart",
            "strategies", "@/r.csv", "--where", "policy"}, "--where", "policy");
        c.add("chart format unknown", Map.of("r.csv", "run,experiment,awrt\n1,t,5\n"), new String[] {"chart",
            "strategies", "@/r.csv", "--format", "gif"}, "gif");
        c.add("chart size malformed", Map.of("r.csv", "run,experiment,awrt\n1,t,5\n"), new String[] {"chart",
            "strategies", "@/r.csv", "--size", "10x"}, "--size", "10x");
        c.add("chart metric unknown", Map.of("r.csv", "run,experiment,awrt\n1,t,5\n"), new String[] {"chart",
            "strategies", "@/r.csv", "--metric", "speed"}, "speed");
        c.add("chart gantt window a word", Map.of(), new String[] {"chart", "gantt", "@", "--from", "dawn"},
                "--from", "dawn");
        c.add("chart baseline without =", Map.of("r.csv", "run,experiment,awrt\n1,t,5\n"), new String[] {"chart",
            "strategies", "@/r.csv", "--baseline", "local"}, "--baseline", "local");
        c.add("chart of a binary results file", Map.of("r.csv", new byte[] {(byte) 0xC3, 0x28, 0, 1}),
                new String[] {"chart", "strategies", "@/r.csv"}, "r.csv", "not a text file");
        c.add("chart results with a ragged row", Map.of("r.csv", "run,experiment,awrt\n1,t\n"),
                new String[] {"chart", "strategies", "@/r.csv"}, "r.csv:2");
        // command line options and output places
        c.add("unknown command", Map.of(), new String[] {"frobnicate"}, "frobnicate");
        c.add("unknown option", Map.of(), new String[] {"run", "--no-such-option"}, "--no-such-option");
        c.add("missing trace-stats file", Map.of(), new String[] {"trace-stats"}, "SWF");
        c.add("trace-stats --nodes zero", Map.of("t.swf", TRACE), new String[] {"trace-stats", "@/t.swf", "--nodes",
            "0"}, "--nodes", "0");
        c.add("trace-stats --nodes a word", Map.of("t.swf", TRACE), new String[] {"trace-stats", "@/t.swf",
            "--nodes", "many"}, "--nodes", "many");
        c.add("bench --repeat zero", Map.of("e.yaml", "name: t\n" + W + M, "t.swf", TRACE), new String[] {"bench",
            "@/e.yaml", "--repeat", "0"}, "--repeat", "0");
        c.add("run with two experiments", Map.of(), new String[] {"run", "a.yaml", "b.yaml"}, "b.yaml");
        c.add("run --out onto a file", Map.of("e.yaml", "name: t\n" + W + M, "t.swf", TRACE, "f", ""),
                new String[] {"run", "@/e.yaml", "--out", "@/f", "--no-charts"}, "f", "not a folder");
        c.add("run --out below a file", Map.of("e.yaml", "name: t\n" + W + M, "t.swf", TRACE, "f", ""),
                new String[] {"run", "@/e.yaml", "--out", "@/f/o", "--no-charts"}, "f/o");
        c.add("run --out into a folder of other files", Map.of("e.yaml", "name: t\n" + W + M, "t.swf", TRACE,
                "o/notes.txt", "mine"), new String[] {"run", "@/e.yaml", "--out", "@/o", "--no-charts"}, "o",
                "'notes.txt'");
        c.add("run --out into another experiment's results", Map.of("e.yaml", "name: t\n" + W + M, "t.swf", TRACE,
                "o/experiment.yaml", "name: other\n"), new String[] {"run", "@/e.yaml", "--out", "@/o",
            "--no-charts"}, "o", "different experiment");
        c.add("merge --out onto a folder", Map.of("r/summary.json", SUMMARY), new String[] {"merge", "@/r", "--out",
            "@/r"}, "--out", "folder");
        c.add("merge --out below a file", Map.of("r/summary.json", SUMMARY, "f", ""), new String[] {"merge", "@/r",
            "--out", "@/f/x.csv"}, "f/x.csv");
        c.add("merge of a summary whose metric is text", Map.of("r/summary.json",
                SUMMARY.replace("\"awrt\": 1", "\"awrt\": \"fast\"")), new String[] {"merge", "@/r", "--out",
                "@/m.csv"}, "summary.json", "metrics.awrt: 'fast' is not a number");
        // results checked when read: summary.json
        c.add("merge of an empty summary", Map.of("r/summary.json", "{}"), new String[] {"merge", "@/r", "--out",
            "@/m.csv"}, "r/summary.json", "not a run summary", "no field 'experiment'");
        c.add("merge of a summary without metrics", Map.of("r/summary.json", SUMMARY.replaceAll(
                ", \"metrics\".*}", "}")), new String[] {"merge", "@/r", "--out", "@/m.csv"}, "r/summary.json",
                "no field 'metrics'");
        c.add("merge of a summary without a seed", Map.of("r/summary.json", SUMMARY.replace("\"seed\": 1, ", "")),
                new String[] {"merge", "@/r", "--out", "@/m.csv"}, "r/summary.json", "no field 'seed'");
        c.add("merge of a summary with empty metrics", Map.of("r/summary.json", SUMMARY.replace("{\"awrt\": 1, "
                + "\"machines\": {\"m1\": {\"nodes\": 8}}}", "{}")), new String[] {"merge", "@/r", "--out",
                "@/m.csv"}, "r/summary.json", "field 'metrics' must be an object of numbers");
        c.add("merge of a summary whose policy is a number", Map.of("r/summary.json", SUMMARY.replace("\"easy\"",
                "7")), new String[] {"merge", "@/r", "--out", "@/m.csv"}, "r/summary.json",
                "field 'policy' must be a name, got 7");
        c.add("merge of a summary with a duplicate field", Map.of("r/summary.json", SUMMARY.replace("\"awrt\": 1",
                "\"awrt\": 1,\n\"awrt\": 2")), new String[] {"merge", "@/r", "--out", "@/m.csv"}, "summary.json:2:",
                "Duplicate field 'awrt'");
        c.add("merge of a summary whose awrt is 1e400", Map.of("r/summary.json", SUMMARY.replace("\"awrt\": 1",
                "\"awrt\": 1e400")), new String[] {"merge", "@/r", "--out", "@/m.csv"}, "summary.json:1:",
                "metrics.awrt: 1e400 is not a finite number");
        c.add("merge of a summary whose seed is beyond a double", Map.of("r/summary.json", SUMMARY.replace(
                "\"seed\": 1", "\"seed\": 1" + "0".repeat(400))), new String[] {"merge", "@/r", "--out", "@/m.csv"},
                "summary.json:1:", "seed: 1000", "is not a finite number");
        c.add("merge of a summary whose node count is -Infinity", Map.of("r/summary.json", SUMMARY.replace(
                "\"nodes\": 8", "\"nodes\": -1e999")), new String[] {"merge", "@/r", "--out", "@/m.csv"},
                "summary.json:1:", "metrics.machines.m1.nodes: -1e999 is not a finite number");
        c.add("chart of an empty summary", Map.of("r/summary.json", "{}"), new String[] {"chart", "strategies",
            "@/r", "--out", "@/c"}, "r/summary.json", "no field 'experiment'");
        // no command writes over a run's own files
        c.add("merge --out onto the run's summary.json", Map.of("r/summary.json", SUMMARY), new String[] {"merge",
            "@/r", "--out", "@/r/summary.json"}, "r/summary.json", "is a file of the run folder");
        c.add("merge --out onto the run's jobs.csv", Map.of("r/summary.json", SUMMARY, "r/jobs.csv", JOBS
                + GANTT_ROW), new String[] {"merge", "@/r", "--out", "@/r/jobs.csv"}, "r/jobs.csv",
                "is a file of the run folder");
        c.add("merge --out onto a killed run's experiment.yaml", Map.of("r/summary.json", SUMMARY,
                "k/experiment.yaml", "name: t\n"), new String[] {"merge", "@/r", "--out", "@/k/experiment.yaml"},
                "k/experiment.yaml", "is a file of the run folder");
        // results checked when read: jobs.csv
        c.add("gantt of a row that ends before it starts", Map.of("r/summary.json", SUMMARY, "r/jobs.csv", JOBS
                + GANTT_ROW.replace(",10,20,", ",10,5,")), new String[] {"chart", "gantt", "@/r", "--out", "@/c"},
                "r/jobs.csv:2:", "column 'end'", "ends before it starts (start 10)", "'5'");
        c.add("gantt of a node outside the machine", Map.of("r/summary.json", SUMMARY, "r/jobs.csv", JOBS
                + GANTT_ROW.replace(",3-4,", ",99999999,").replace(",2,10,10,", ",1,10,10,")),
                new String[] {"chart", "gantt", "@/r", "--out", "@/c"}, "r/jobs.csv:2:", "column 'node_ids'",
                "node 99999999 is outside machine m1 (8 nodes, 0 to 7)");
        c.add("gantt of a job on a machine the summary lacks", Map.of("r/summary.json", SUMMARY, "r/jobs.csv", JOBS
                + GANTT_ROW.replace(",m1,", ",m9,")), new String[] {"chart", "gantt", "@/r", "--out", "@/c"},
                "r/jobs.csv:2:", "column 'machine'", "'m9'");
        c.add("gantt of a row whose node ids miss its nodes", Map.of("r/summary.json", SUMMARY, "r/jobs.csv", JOBS
                + GANTT_ROW.replace(",3-4,", ",3,")), new String[] {"chart", "gantt", "@/r", "--out", "@/c"},
                "r/jobs.csv:2:", "column 'node_ids'", "names 1 nodes, but the row holds 2");
        c.add("gantt of node ranges out of order", Map.of("r/summary.json", SUMMARY, "r/jobs.csv", JOBS
                + GANTT_ROW.replace(",3-4,", ",4;3,")), new String[] {"chart", "gantt", "@/r", "--out", "@/c"},
                "r/jobs.csv:2:", "column 'node_ids'", "not ascending node ranges", "'4;3'");
        c.add("gantt of a job starting before its submission", Map.of("r/summary.json", SUMMARY, "r/jobs.csv", JOBS
                + GANTT_ROW.replace(",0,10,20,", ",15,10,20,")), new String[] {"chart", "gantt", "@/r", "--out",
                "@/c"}, "r/jobs.csv:2:", "column 'start'", "starts before its submission (submit 15)");
        c.add("backlog of a negative submit time", Map.of("r/summary.json", SUMMARY, "r/jobs.csv", JOBS
                + GANTT_ROW.replace(",0,10,20,", ",-5,10,20,")), new String[] {"chart", "backlog", "@/r", "--out",
                "@/c"}, "r/jobs.csv:2:", "column 'submit'", "negative", "'-5'");
        c.add("gantt of a jobs.csv with a column twice", Map.of("r/summary.json", SUMMARY, "r/jobs.csv",
                JOBS.replace("\n", ",end\n") + GANTT_ROW.replace("\n", ",20\n")), new String[] {"chart", "gantt",
                "@/r", "--out", "@/c"}, "r/jobs.csv:1:", "column 'end' appears twice");
        c.add("distribution of a price of 1e400", Map.of("r/summary.json", SUMMARY, "r/jobs.csv", JOBS
                + GANTT_ROW.replace(",3-4,,", ",3-4,1e400,")), new String[] {"chart", "distribution", "@/r",
                "--out", "@/c"}, "r/jobs.csv:2:", "column 'price'", "not a finite number", "'1e400'");
        c.add("chart of an experiment file", Map.of("e.yaml", "name: t\n" + W + M, "t.swf", TRACE),
                new String[] {"chart", "strategies", "@/e.yaml"}, "e.yaml", "not results");
        c.add("chart of a CSV with a quote left open", Map.of("r.csv", "run,awrt\na,\"1\n"),
                new String[] {"chart", "strategies", "@/r.csv"}, "r.csv:2:", "never closed");
        c.add("chart of a results.csv whose metric is NaN", Map.of("r.csv", "run,strategy,awrt\na,local,NaN\n"),
                new String[] {"chart", "strategies", "@/r.csv"}, "r.csv", "column 'awrt': not a number 'NaN'");
        c.add("merge of a file", Map.of("f", ""), new String[] {"merge", "@/f"}, "f", "is a file");
        c.add("merge of a folder without runs", Map.of("r/x", ""), new String[] {"merge", "@/r"}, "r",
                "no run folders");
        c.add("merge of a missing folder", Map.of(), new String[] {"merge", "@/nope"}, "nope", "no such folder");
        c.add("merge of a broken summary", Map.of("r/summary.json", "{\"metrics\": "), new String[] {"merge", "@/r"},
                "summary.json:1:");
        c.add("validate without a file", Map.of(), new String[] {"validate"}, "FILE");
        c.add("validate a file of an unknown kind (not read as SWF)", Map.of("x.reqx", "REQUEST \"r\" {}\n"),
                new String[] {"validate", "@/x.reqx"}, "x.reqx", "'.reqx'", ".req", ".swf.gz", ".yaml");
        c.add("validate a file without an extension", Map.of("trace", TRACE), new String[] {"validate", "@/trace"},
                "trace", "no extension", ".swf");
        c.add("chart overhead without --x over runs without p", Map.of("r.csv", "run,experiment,awrt\n1,t,5\n"),
                new String[] {"chart", "overhead", "@/r.csv"}, "r.csv", "'multisite.overhead'", "default x axis",
                "with --x");
        // machine attributes (SPEC M2)
        String attr = "name: t\n" + W + "machines: [{name: m1, nodes: 8, %s}]\n";
        c.experiment("machine speed zero", attr.formatted("speed: 0"), "e.yaml:3:", "speed", "0");
        c.experiment("machine memory a word", attr.formatted("memory: lots"), "e.yaml:3:", "'lots'");
        c.experiment("machine memory negative", attr.formatted("memory: -512"), "e.yaml:3:", "memory", "-512");
        c.experiment("machine offer cost negative", attr.formatted("offerCost: -1"), "e.yaml:3:", "offerCost");
        c.experiment("machine operating system empty", attr.formatted("operatingSystem: ''"), "e.yaml:3:",
                "operatingSystem");
        c.add("machine file with an unknown attribute", Map.of("e.yaml", "name: t\n" + W + "machines: [{name: m1, "
                + "nodes: 8, description: m.mach}]\n", "t.swf", TRACE, "m.mach", "MASCHINE \"m\" {KEY \"Disk\" "
                + "{VALUE \"Disk\" {5}}}\n"), new String[] {"validate", "@/e.yaml"}, "machines[0]", "m.mach",
                "\"Disk\"");
        c.add("machine file with a syntax error", Map.of("e.yaml", "name: t\n" + W + "machines: [{name: m1, "
                + "description: m.mach}]\n", "t.swf", TRACE, "m.mach", "MASCHINE \"m\" {KEY \"Memory\" "
                + "{VALUE \"Memory\" {512}}\n"), new String[] {"validate", "@/e.yaml"}, "machines[0]", "m.mach:2:1:");
        c.experiment("machine objective unknown variable", attr.formatted("objective: 'JobCost * waste'"), "e.yaml",
                "machine m1: objective", "waste");
        // user populations and their request templates
        String pop = MARKET + "populations: [{name: p, share: 1, request: p.req}]\n";
        String req = "REQUEST \"p\" {\n  KEY \"Utility\" {\n    ELEMENT 1 {CONDITION {%s} VALUE \"RunTime\" {1}}\n"
                + "  }\n}\n";
        c.add("template reads an attribute no machine has", Map.of("e.yaml", pop, "t.swf", TRACE, "p.req",
                req.formatted("(Disk > 100)")), new String[] {"validate", "@/e.yaml"}, "populations[0] (p)",
                "p.req:3:28:", "unknown attribute 'Disk'");
        c.add("template compares a number as text", Map.of("e.yaml", pop, "t.swf", TRACE, "p.req",
                req.formatted("(Nodes EQ \"8\")")), new String[] {"validate", "@/e.yaml"}, "p.req:3:28:",
                "'Nodes' is the number");
        c.add("template with a syntax error", Map.of("e.yaml", pop, "t.swf", TRACE, "p.req",
                req.formatted("(Nodes > 1")), new String[] {"validate", "@/e.yaml"}, "p.req:3:37:", "missing ')'");
        c.add("run: template reads an attribute no machine has", Map.of("e.yaml", pop, "t.swf", TRACE, "p.req",
                req.formatted("(Memory > 100)")), new String[] {"run", "@/e.yaml", "--out", "@/o"},
                "populations[0] (p)", "p.req:3:28:", "unknown attribute 'Memory'");
        c.add("run: malformed template", Map.of("e.yaml", pop, "t.swf", TRACE, "p.req",
                "REQUEST \"p\" {\n  KEY \"Utility\" {ELEMENT 1 {VALUE \"RunTime\" {2 *}}}\n}\n"),
                new String[] {"run", "@/e.yaml", "--out", "@/o"}, "populations[0] (p)", "p.req:2:49:",
                "mismatched input");
        c.add("run: an element's run time below zero", Map.of("e.yaml", pop, "t.swf", TRACE, "p.req",
                "REQUEST \"p\" {\n  KEY \"Utility\" {ELEMENT 1 {VALUE \"RunTime\" {0 - RunTime}}}\n}\n"),
                new String[] {"run", "@/e.yaml", "--out", "@/o"}, "populations[0] (p)", "p.req",
                "ELEMENT 1: RunTime is -", "not a positive number of seconds");
        c.add("template with a misspelt setting", Map.of("e.yaml", pop, "t.swf", TRACE, "p.req",
                "REQUEST \"p\" {\n  KEY \"MaxOfferNumbr\" {VALUE \"MaxOfferNumbr\" {2}}\n  KEY \"Utility\" "
                + "{ELEMENT 1 {VALUE \"RunTime\" {1}}}\n}\n"), new String[] {"validate", "@/e.yaml"},
                "populations[0] (p)", "KEY \"MaxOfferNumbr\"", "did you mean \"MaxOfferNumber\"");
        c.add("run: a utility formula with a pole inside its variables' range", Map.of("e.yaml", MARKET
                + "market: {uf: '1/(NumberOfProcessors - 4)'}\n", "t.swf", TRACE),
                new String[] {"run", "@/e.yaml", "--out", "@/o"}, "job 1", "1/(NumberOfProcessors - 4)", "Infinity");
        c.add("template with negative hops", Map.of("e.yaml", pop, "t.swf", TRACE, "p.req",
                "REQUEST \"p\" {\n  KEY \"Hops\" {VALUE \"Hops\" {1 - 2}}\n  KEY \"Utility\" {ELEMENT 1 "
                + "{VALUE \"RunTime\" {1}}}\n}\n"), new String[] {"validate", "@/e.yaml"}, "populations[0] (p)",
                "KEY \"Hops\" gives -1.0");
        c.add("template's offer choice reads an unknown name", Map.of("e.yaml", pop, "t.swf", TRACE, "p.req",
                "REQUEST \"p\" {\n  KEY \"OfferChoice\" {VALUE \"OfferChoice\" {-Price}}\n  KEY \"Utility\" "
                + "{ELEMENT 1 {VALUE \"RunTime\" {1}}}\n}\n"), new String[] {"validate", "@/e.yaml"},
                "populations[0] (p)", "p.req:2:44:", "unknown attribute 'Price'");
        c.add("template missing", Map.of("e.yaml", pop, "t.swf", TRACE), new String[] {"validate", "@/e.yaml"},
                "p.req", "no such file");
        c.add("population shares above 1", Map.of("e.yaml", MARKET + "populations: [{name: p, share: 0.6, request: "
                + "p.req}, {name: q, share: 0.6, request: p.req}]\n", "t.swf", TRACE, "p.req",
                req.formatted("(Nodes > 1)")), new String[] {"validate", "@/e.yaml"}, "populations", "1.2");
        c.experiment("population share zero", MARKET + "populations: [{name: p, share: 0, request: p.req}]\n",
                "e.yaml:5:", "share", "0");
        // settings that would have no effect where they are given, or that contradict each other (SettingsSchema)
        String gen = "name: t\nworkload: {generate: {model: %s, jobs: 5, %s}}\n" + M;
        c.experiment("load for a randomized generator", gen.formatted("randomized", "nodes: 8, load: 0.5"),
                "e.yaml:2:", "workload.generate.load: has no effect when workload.generate.model is 'randomized'");
        c.experiment("meanRunTime for a randomized generator", gen.formatted("randomized", "meanRunTime: 60"),
                "e.yaml:2:", "workload.generate.meanRunTime: has no effect", "'randomized'");
        c.experiment("fit for a poisson generator", gen.formatted("poisson", "fit: t.swf"), "e.yaml:2:",
                "workload.generate.fit: has no effect when workload.generate.model is 'poisson'", "probabilistic");
        c.experiment("fit for the default generator", "name: t\nworkload: {generate: {jobs: 5, fit: t.swf}}\n" + M,
                "e.yaml:2:", "workload.generate.fit: has no effect", "'poisson'");
        c.experiment("nodes for a probabilistic generator", gen.formatted("probabilistic", "nodes: 8, fit: t.swf"),
                "e.yaml:2:", "workload.generate.nodes: has no effect when workload.generate.model is "
                + "'probabilistic'", "poisson or randomized");
        c.experiment("load for a probabilistic generator", gen.formatted("probabilistic", "fit: t.swf, load: 2"),
                "e.yaml:2:", "workload.generate.load: has no effect", "'probabilistic'");
        c.experiment("processors for a probabilistic generator", gen.formatted("probabilistic",
                "fit: t.swf, processors: cenju3"), "e.yaml:2:", "workload.generate.processors: has no effect");
        c.experiment("peers with hops 0", MARKET + "market: {hops: 0, peers: {s1: [s2]}}\n", "e.yaml",
                "market.peers: has no effect when market.hops is 0");
        c.experiment("a site its own peer", MARKET + "market: {peers: {s1: [s2, s1]}}\n", "e.yaml",
                "market.peers.s1: site 's1' is its own peer");
        c.experiment("overhead with co-allocation off", MARKET + "market: {coAllocation: off, overhead: 0.5}\n",
                "e.yaml:5:", "market.overhead: has no effect when market.coAllocation is 'off'", "needed or always");
        c.experiment("maxMultiSite with co-allocation off", MARKET + "market: {coAllocation: 'off', "
                + "maxMultiSite: 2}\n", "e.yaml:5:", "market.maxMultiSite: has no effect", "'off'");
        c.experiment("co-allocation always and maxMultiSite 1", MARKET + "market: {coAllocation: always, "
                + "maxMultiSite: 1}\n", "e.yaml", "market.maxMultiSite: 1 (never split) contradicts "
                + "market.coAllocation: always");
        c.experiment("routing by capacity with latency", MARKET + "market: {routing: capacity, latency: 30}\n",
                "e.yaml", "market.routing: capacity asks domains one after another", "got latency 30");
        c.experiment("routing by capacity with co-allocation always", MARKET + "market: {routing: capacity, "
                + "coAllocation: always}\n", "e.yaml", "market.routing: capacity has no effect when "
                + "market.coAllocation is 'always'");
        c.experiment("routing by capacity with a price-weighing utility", MARKET + "market: {routing: capacity, "
                + "uf: UF3}\n", "e.yaml", "market.routing: capacity has no effect with market.uf 'UF3'");
        c.experiment("an unknown routing", MARKET + "market: {routing: nearest}\n", "e.yaml:5:",
                "routing must be all or capacity, got 'nearest'");
        c.experiment("strategy under model ibts", "name: t\nmodel: ibts\nstrategy: market\n", "e.yaml:3:1:",
                "strategy: has no effect when model is 'ibts'");
        c.experiment("policy under model forkjoin", "name: t\nmodel: forkjoin\npolicy: fcfs\n", "e.yaml:3:1:",
                "policy: has no effect when model is 'forkjoin'", "(its jobs, processors and policy are under");
        c.experiment("policyParameters under model ibts", "name: t\nmodel: ibts\npolicyParameters: {gamma: 3}\n",
                "e.yaml:3:1:", "policyParameters: has no effect when model is 'ibts'");
        c.experiment("name '.'", "name: '.'\n" + W + M, "e.yaml:1:", "name '.' names no folder of its own");
        c.experiment("name '..'", "name: ..\n" + W + M, "e.yaml:1:", "name '..' names no folder of its own");
        c.experiment("name of 300 letters (no file system takes it as a folder)", "name: " + "n".repeat(300) + "\n" + W
                + M, "e.yaml:1:", "name must be at most 100 characters", "got 300");
        c.experiment("machine name of 101 letters", "name: t\n" + W + "machines: [{name: " + "m".repeat(101)
                + ", nodes: 8}]\n", "e.yaml:3:", "machine name must be at most 100 characters");
        String onePop = "populations: [{name: p, %s, request: p.req}]\n";
        String good = req.formatted("(Nodes > 1)");
        c.add("population of a user not in the trace", Map.of("e.yaml", MARKET + onePop.formatted("users: [1, 7]"),
                "t.swf", TRACE, "p.req", good), new String[] {"validate", "@/e.yaml"}, "e.yaml: populations[0] (p):",
                "user 7 has no job in the workload", "(the workload's users: 1)");
        c.add("population share that rounds to no user", Map.of("e.yaml", MARKET + onePop.formatted("share: 0.4"),
                "t.swf", TRACE, "p.req", good), new String[] {"validate", "@/e.yaml"}, "e.yaml: populations[0] (p):",
                "share 0.4 of the workload's 1 users gives no user");
        c.add("population share left no user by the one before", Map.of("e.yaml", MARKET + "populations: "
                + "[{name: p, share: 0.5, request: p.req}, {name: q, share: 0.5, request: p.req}]\n", "t.swf", TRACE,
                "p.req", good), new String[] {"validate", "@/e.yaml"}, "populations[1] (q)", "gives no user");
        c.add("run: population of a user not in the trace", Map.of("e.yaml", MARKET + onePop.formatted("users: [7]"),
                "t.swf", TRACE, "p.req", good), new String[] {"run", "@/e.yaml", "--out", "@/o"},
                "populations[0] (p)", "user 7 has no job in the workload");
        c.add("populations under strategy local", Map.of("e.yaml", "name: t\n" + W + M + onePop.formatted("share: 1"),
                "t.swf", TRACE, "p.req", good), new String[] {"validate", "@/e.yaml"}, "e.yaml:4:1:",
                "populations: has no effect when strategy is 'local'", "market");
        c.add("chart backlog --hours", Map.of("r/summary.json", SUMMARY, "r/jobs.csv", JOBS + GANTT_ROW),
                new String[] {"chart", "backlog", "@/r", "--hours", "--out", "@/c"}, "the backlog chart does not "
                + "take --hours");
        c.add("chart strategies --hours --baseline", Map.of("r.csv", "run,configuration,strategy,awrt\n"
                + "a,m128,local,5\nb,m512,local,4\n"), new String[] {"chart", "strategies", "@/r.csv", "--hours",
                "--baseline", "configuration=m512", "--out", "@/c"}, "--hours has no effect with --baseline");
        c.add("run --offers --all-offers", Map.of("e.yaml", MARKET, "t.swf", TRACE), new String[] {"run", "@/e.yaml",
                "--offers", "--all-offers", "--out", "@/o"}, "--offers has no effect with --all-offers");
        c.add("sweep --out ''", Map.of("s.yaml", "name: s\nexperiment: base.yaml\nvary: {policy: [fcfs]}\n",
                "base.yaml", "name: b\n" + W + M, "t.swf", TRACE), new String[] {"sweep", "@/s.yaml", "--out", ""}, "--out",
                "an empty path names no folder");
        c.add("run --out ''", Map.of("e.yaml", "name: t\n" + W + M, "t.swf", TRACE), new String[] {"run",
                "@/e.yaml", "--out", ""}, "--out", "an empty path names no folder");
        // description-language files (docs/LANGUAGE.md; the grammar's own corpus is market's language/invalid)
        String hops = "  KEY \"Hops\" {VALUE \"Hops\" {2}}\n";
        c.language("request not closed", "r.req", "REQUEST \"r\" {\n" + hops, "r.req:3:1:", "end of file");
        c.language("request condition not closed (the thesis' example as printed)", "r.req", "REQUEST \"r\" {\n"
                + "  KEY \"U\" {ELEMENT 1 {CONDITION {(a < 1)\n  VALUE \"RunTime\" {5}}}\n}\n", "r.req:3:3:",
                "missing '}' at 'VALUE'");
        c.language("request key given twice", "r.req", "REQUEST \"r\" {\n" + hops + hops + "}\n", "r.req:3:7:",
                "\"Hops\" is given twice");
        c.language("request with a stray character", "r.req", "REQUEST \"r\" {\n  KEY \"a\" {VALUE \"a\" "
                + "{1 @ 2}}\n}\n", "r.req:2:25:", "'@'");
        c.language("request with a text in arithmetic", "r.req", "REQUEST \"r\" {\n  KEY \"a\" {VALUE \"a\" "
                + "{\"Linux\" + 1}}\n}\n", "r.req:2:31:", "'+'");
        c.language("request with EQ on a number", "r.req", "REQUEST \"r\" {\n  KEY \"U\" {ELEMENT 1 {"
                + "CONDITION {(Memory EQ 512)} VALUE \"RunTime\" {5}}}\n}\n", "r.req:2:45:", "STRING");
        // a lone file gets the checks an experiment gives its values
        c.language("machine of 0 processors", "m.mach", "MASCHINE \"m\" {KEY \"NumberOfProcessors\" {VALUE "
                + "\"NumberOfProcessors\" {0}}}\n", "m.mach: MASCHINE \"m\":", "NumberOfProcessors", "got 0");
        c.language("machine of -8 processors", "m.mach", "MASCHINE \"m\" {KEY \"NumberOfProcessors\" {VALUE "
                + "\"NumberOfProcessors\" {-8}}}\n", "m.mach: MASCHINE \"m\":", "NumberOfProcessors", "-8");
        c.language("machine of text processors", "m.mach", "MASCHINE \"m\" {KEY \"NumberOfProcessors\" {VALUE "
                + "\"NumberOfProcessors\" {\"eight\"}}}\n", "m.mach: MASCHINE \"m\":", "NumberOfProcessors",
                "must be a number, got the text \"eight\"");
        c.language("machine of speed 1e-300", "m.mach", "MASCHINE \"m\" {KEY \"Speed\" {VALUE \"Speed\" {1e-300}}}\n",
                "m.mach: MASCHINE \"m\":", "speed must be between 0.001 and 1000");
        c.language("machine whose objective divides by zero", "m.mach", "MASCHINE \"m\" {KEY \"Objective\" {VALUE "
                + "\"Objective\" {\"1/left_right\"}}}\n", "m.mach: MASCHINE \"m\": objective", "'1/left_right'",
                "Infinity");
        c.language("offer ending before it starts", "o.offer", "OFFER \"o\" {\n  KEY \"OfferID\" {VALUE \"OfferID\" "
                + "{1}}\n  KEY \"StartTime\" {VALUE \"StartTime\" {100}}\n  KEY \"EndTime\" {VALUE \"EndTime\" {50}}"
                + "\n}\n",
                "o.offer: OFFER \"o\":", "EndTime 50 is before StartTime 100");
        c.language("request ending before it starts", "r.req", "REQUEST \"r\" {\n  KEY \"StartTime\" {VALUE "
                + "\"StartTime\" {900000}}\n  KEY \"EndTime\" {VALUE \"EndTime\" {StartTime - 28}}\n}\n",
                "r.req: REQUEST \"r\":", "EndTime 899972 is before StartTime 900000");
        c.language("offer of a negative JobCost", "o.offer", "OFFER \"o\" {\n  KEY \"OfferID\" {VALUE \"OfferID\" "
                + "{1}}\n  KEY \"JobCost\" {VALUE \"JobCost\" {-412.5}}\n}\n", "o.offer: OFFER \"o\":",
                "VALUE \"JobCost\" must be at least 0, got -412.5");
        c.language("request of negative Hops", "r.req", "REQUEST \"r\" {\n  KEY \"Hops\" {VALUE \"Hops\" {-2}}\n}\n",
                "r.req: REQUEST \"r\":", "VALUE \"Hops\" must be at least 0, got -2");
        c.language("request of LOG(0)", "r.req", "REQUEST \"r\" {\n  KEY \"JobBudget\" {VALUE \"JobBudget\" "
                + "{LOG(0)}}\n}\n", "r.req: REQUEST \"r\": VALUE \"JobBudget\":", "'LOG(0)' gives -Infinity");
        c.language("offer of 1/0", "o.offer", "OFFER \"o\" {\n  KEY \"OfferID\" {VALUE \"OfferID\" {1}}\n  KEY "
                + "\"UtilityValue\" {VALUE \"UtilityValue\" {1/0}}\n}\n",
                "o.offer: OFFER \"o\": VALUE \"UtilityValue\":",
                "'1 / 0' gives Infinity");
        c.language("request whose attribute is defined by itself", "r.req", "REQUEST \"r\" {\n  KEY \"Hops\" {VALUE "
                + "\"Hops\" {Hops + 1}}\n}\n", "r.req:2:29:", "attribute 'Hops' refers to itself (Hops -> Hops)");
        c.language("machine whose attributes define each other", "m.mach", "MASCHINE \"m\" {\n  KEY \"Memory\" {VALUE "
                + "\"Memory\" {2 * Speed}}\n  KEY \"Speed\" {VALUE \"Speed\" {Memory / 2}}\n}\n", "m.mach:",
                "refers to itself");
        StringBuilder chain = new StringBuilder("REQUEST \"r\" {\n");
        for (int i = 0; i < 10_000; i++) {
            chain.append("  KEY \"a").append(i).append("\" {VALUE \"a").append(i).append("\" {a").append(i + 1)
                    .append(" + 1}}\n");
        }
        c.language("request of 10,000 attributes defined by one another", "r.req", chain.append("  KEY \"a10000\" "
                + "{VALUE \"a10000\" {1}}\n}\n").toString(), "r.req:", "through more than 256 attributes defined by "
                + "one another");
        c.language("offer without an OfferID", "o.offer", "OFFER \"o\" {\n  KEY \"JobCost\" {VALUE \"JobCost\" "
                + "{412.5}}\n}\n", "o.offer: OFFER \"o\":", "no KEY \"OfferID\"");
        c.language("request template whose element reads an attribute no machine has", "r.req", "REQUEST \"r\" {\n"
                + "  KEY \"Utility\" {ELEMENT 1 {CONDITION {(Disk > 1)} VALUE \"RunTime\" {1}}}\n}\n", "r.req:2:",
                "unknown attribute 'Disk'");
        c.language("request template with a misspelt setting", "r.req", "REQUEST \"r\" {\n  KEY \"MaxOfferNumbr\" "
                + "{VALUE \"MaxOfferNumbr\" {2}}\n  KEY \"Utility\" {ELEMENT 1 {VALUE \"RunTime\" {1}}}\n}\n", "r.req",
                "did you mean \"MaxOfferNumber\"");
        // depth and size limits: refused at the token that passes them, never a stack overflow
        String deep = "(".repeat(10_000) + "1" + ")".repeat(10_000);
        String sum = "1" + " + 1".repeat(99_999);
        c.language("request of 10,000 nested parentheses", "r.req", "REQUEST \"r\" {\n  KEY \"Hops\" {VALUE \"Hops\" {"
                + deep + "}}\n}\n", "r.req:2:93:", "parentheses nested deeper than 64");
        c.language("offer of a 100,000-term sum", "o.offer", "OFFER \"o\" {\n  KEY \"JobCost\" {VALUE \"JobCost\" {"
                + sum + "}}\n}\n", "o.offer:2:2037:", "more than 500 operators in one expression");
        c.language("machine of 10,000 nested parentheses", "m.mach", "MASCHINE \"m\" {KEY \"Speed\" {VALUE "
                + "\"Speed\" {" + deep + "}}}\n", "m.mach:1:107:", "parentheses nested deeper than 64");
        c.language("request condition of 100,000 terms", "r.req", "REQUEST \"r\" {KEY \"U\" {ELEMENT 1 {CONDITION {"
                + "(a < 1)" + " && (a < 1)".repeat(99_999) + "} VALUE \"RunTime\" {1}}}}\n", "r.req:1:",
                "more than 500 operators");
        c.add("template of 10,000 nested parentheses", Map.of("e.yaml", pop, "t.swf", TRACE, "p.req",
                "REQUEST \"p\" {\n  KEY \"Utility\" {ELEMENT 1 {VALUE \"RunTime\" {" + deep + "}}}\n}\n"),
                new String[] {"validate", "@/e.yaml"}, "populations[0] (p)", "p.req:2:", "nested deeper than 64");
        c.add("template of a 100,000-term sum", Map.of("e.yaml", pop, "t.swf", TRACE, "p.req",
                "REQUEST \"p\" {\n  KEY \"Utility\" {ELEMENT 1 {VALUE \"RunTime\" {" + sum + "}}}\n}\n"),
                new String[] {"run", "@/e.yaml", "--out", "@/o"}, "populations[0] (p)", "p.req:2:",
                "more than 500 operators");
        c.experiment("mf of 50,000 terms", MARKET + "market: {mf: '" + "NumberOfProcessors + ".repeat(49_999)
                + "RunTime'}\n", "e.yaml:5:", "market.mf", "characters, more than 10000");
        c.experiment("mf of 10,000 nested parentheses", MARKET + "market: {mf: '" + "(".repeat(10_000) + "RunTime"
                + ")".repeat(10_000) + "'}\n", "e.yaml:5:", "market.mf", "more than 10000");
        c.experiment("uf of 100 nested parentheses", MARKET + "market: {uf: '" + "(".repeat(100) + "StartTime"
                + ")".repeat(100) + "'}\n", "e.yaml:5:", "market.uf", "nested deeper than 64 at character 65");
        c.experiment("uf with a typo at the end of a long formula", MARKET + "market: {uf: '" + "-StartTime".repeat(60)
                + " - EndTme'}\n", "e.yaml:5:", "market.uf", "StartTime - EndTme' (609 characters) at character 604",
                "unknown variable EndTme");
        c.experiment("uf calls rand()", MARKET + "market: {uf: -StartTime * rand()}\n", "e.yaml:5:", "market.uf",
                "rand() is not allowed", "would not reproduce");
        c.experiment("machine objective calls rand()", "name: t\n" + W + "machines: [{name: m1, nodes: 8, objective: "
                + "'NumberOfProcessors * rand()'}, {name: m2, nodes: 8}]\nstrategy: market\n", "e.yaml",
                "rand() is not allowed");
        c.language("request empty", "r.req", "", "r.req:1:1:", "REQUEST");
        c.language("request in binary", "r.req", new byte[] {'R', (byte) 0xC3, 0x28, 0, (byte) 0xFF}, "r.req",
                "not UTF-8");
        c.language("machine keyword misspelt", "m.mach", "MACHINE \"m\" {KEY \"Speed\" {VALUE \"Speed\" {2}}}\n",
                "m.mach:1:1:", "'MACHINE'");
        c.language("machine file holding a request", "m.mach", "REQUEST \"r\" {\n" + hops + "}\n", "m.mach:1:1:",
                "REQUEST in a file of MASCHINE objects");
        c.language("machine key holding elements and values", "m.mach", "MASCHINE \"m\" {\n  KEY \"k\" {"
                + "VALUE \"a\" {1} ELEMENT 1 {VALUE \"b\" {2}}}\n}\n", "m.mach:2:26:", "'ELEMENT'");
        c.language("offer without keys", "o.offer", "OFFER \"o\" {}\n", "o.offer:1:12:", "KEY");
        c.language("offer number with a trailing point", "o.offer", "OFFER \"o\" {KEY \"JobCost\" "
                + "{VALUE \"JobCost\" {5.}}}\n", "o.offer:1:45:", "'.'");
        c.add("request file missing", Map.of(), new String[] {"validate", "@/nope.req"}, "nope.req", "no such file");
        // Batsim JSON workloads (docs/BATSIM.md), named by an experiment, and convert's options
        String bw = "{\"nb_res\": 8, \"jobs\": [{\"id\": \"1\", \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}, %s], "
                + "\"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 5}, \"h\": {\"type\": "
                + "\"parallel_homogeneous\", \"cpu\": 1e9, \"com\": 0}}}";
        String job = "{\"id\": \"3\", \"subtime\": 0, \"res\": %s, \"profile\": \"%s\"}";
        String[][] batsim = {
            {"Batsim job without res", "{\"id\": \"3\", \"subtime\": 0, \"profile\": \"p\"}", "field res: missing"},
            {"Batsim job of negative res", job.formatted("-4", "p"), "field res: -4 is negative"},
            {"Batsim profile not defined", job.formatted("2", "q"), "field profile: 'q' is not defined"},
            {"Batsim profile not a delay", job.formatted("2", "h"), "'h' is of type 'parallel_homogeneous'"},
            {"Batsim job without subtime", "{\"id\": \"3\", \"res\": 1, \"profile\": \"p\"}",
                "field subtime: missing"},
            {"Batsim id not a job number", "{\"id\": \"w0!3\", \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}",
                "field id: 'w0!3'"},
        };
        for (String[] b : batsim) {
            c.add(b[0], Map.of("e.yaml", "name: t\nworkload: {batsim: w.json}\n" + M, "w.json", bw.formatted(b[1])),
                    new String[] {"validate", "@/e.yaml"}, "w.json: job '" + (b[0].contains("id not") ? "w0!3"
                            : "3") + "'", b[2]);
        }
        c.add("Batsim workload not JSON", Map.of("w.json", "{\"nb_res\": 8,\n \"jobs\": [,]}"),
                new String[] {"convert", "@/w.json", "--out", "@/x.swf"}, "w.json:2:11:", "','");
        c.add("Batsim workload without nb_res", Map.of("w.json", "{\"jobs\": [], \"profiles\": {}}"),
                new String[] {"convert", "@/w.json", "--out", "@/x.swf"}, "w.json", "field nb_res: missing");
        c.add("convert to an unknown format", Map.of("t.swf", TRACE),
                new String[] {"convert", "@/t.swf", "--out", "@/t.csv"}, "--out", "t.csv");
        c.add("convert to Batsim 6", Map.of("t.swf", TRACE),
                new String[] {"convert", "@/t.swf", "--out", "@/t.json", "--batsim-version", "6"}, "--batsim-version",
                "got 6");
        c.add("convert a folder that is no run", Map.of("d/x", ""), new String[] {"convert", "@/d"}, "d",
                "not a complete run");
        return c.cases;
    }

    private static byte[] truncatedGzip() {
        try {
            var out = new java.io.ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
                gz.write(TRACE.repeat(50).getBytes(StandardCharsets.US_ASCII));
            }
            byte[] all = out.toByteArray();
            return java.util.Arrays.copyOf(all, all.length / 2);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyBadInputIsOneLineNamingWhereWithExitCode2() {
        List<Case> cases = corpus();
        assertTrue(cases.size() >= 100, "a corpus of at least 100 bad inputs, got " + cases.size());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
    }

    private void check(Case c) throws IOException {
        Path here = Files.createTempDirectory(dir, "case");
        for (Map.Entry<String, Object> f : new LinkedHashMap<>(c.files()).entrySet()) {
            Path p = here.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            if (f.getValue() instanceof byte[] bytes) {
                Files.write(p, bytes);
            } else {
                Files.writeString(p, (String) f.getValue(), StandardCharsets.UTF_8);
            }
        }
        String[] args = new String[c.args().length];
        for (int i = 0; i < args.length; i++) {
            args[i] = c.args()[i].replace("@", here.toString());
        }
        Cli r = Cli.run(args);
        String err = r.err().strip();
        assertEquals(2, r.exit(), c.name() + ": " + r.err());
        assertFalse(err.contains("\n"), c.name() + ": one line: " + err);
        assertTrue(err.startsWith("gridmarket: error: "), c.name() + ": " + err);
        assertFalse(err.contains("Exception") || err.contains("\tat ") || err.contains("REDACTED"),
                c.name() + ": no stack trace or parser internals: " + err);
        assertFalse(err.chars().anyMatch(ch -> ch < ' ' || ch == 0xFFFD), c.name() + ": printable: " + err);
        for (String s : c.says()) {
            assertTrue(err.contains(s), c.name() + ": '" + s + "' in: " + err);
        }
        if (args.length == 2 && args[0].equals("validate") && args[1].endsWith("e.yaml")) {
            // validate accepts exactly what run accepts: what validate refuses, run refuses with the same line
            Cli run = Cli.run("run", args[1], "--out", here.resolve("out").toString(), "--no-charts");
            assertEquals(2, run.exit(), c.name() + ": run: " + run.err());
            assertEquals(err, run.err().strip(), c.name() + ": run and validate say the same");
        }
    }
}
