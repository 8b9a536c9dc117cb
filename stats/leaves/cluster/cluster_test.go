// Package cluster holds no Go code: it is the recipes that run `atril leaves learn --shard` on
// engines that already exist (GNU parallel, Slurm, Kubernetes; see README.md). These tests run
// the GNU parallel recipe for real and the Slurm scripts under a stand-in for sbatch, with this
// test binary as atril.
package cluster

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/cmd"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/testproc"
)

// TestMain makes this test binary atril itself when ATRIL_MAIN is set: the recipes run it as
// their ATRIL.
func TestMain(m *testing.M) {
	if os.Getenv("ATRIL_MAIN") == "1" {
		testproc.Watch(200 * time.Millisecond) // the recipe's atril processes die with the test
		if tiles := os.Getenv("ATRIL_TEST_TILES"); tiles != "" {
			os.Args = append(os.Args, "--tiles", tiles) // every command the recipes run: see smallTiles
		}
		os.Exit(cmd.Main(cmd.SystemIO()))
	}
	code := m.Run()
	if lexDir != "" {
		os.RemoveAll(lexDir)
	}
	os.Exit(code)
}

// words is a tiny lexicon: games on it are quick. Its letters are smallTiles'.
var words = []string{"AS", "ES", "SE", "LA", "AL", "EL", "LO", "OS", "NO", "ON", "TE", "EN", "RE", "OR", "RA", "RO",
	"SOL", "TOS", "SAL", "TAL", "LEON", "RESTO", "SALTO", "NOTA", "ROSA", "TREN", "ALTO", "TELA", "SALE", "SANO"}

// smallTiles is the tile set every atril of these tests plays with (--tiles): eight letters and
// two blanks, whose leaves of 1 to 6 tiles number thousands, not the FISE set's 1,170,590, so
// that each process's fit takes milliseconds instead of a second. What is checked, that the
// recipes' shards merged give the table of one run byte for byte, is the same for any set.
const smallTiles = `?,2,0,false
A,12,1,true
E,12,1,true
L,4,1,false
N,5,1,false
O,9,1,true
R,5,1,false
S,6,1,false
T,4,1,false
`

// games is a generation's games: 20, shards of 10. What these tests check is that the shards
// merged give, byte for byte, the table of one run of the same games, which does not depend on
// how many there are (games cost little; each atril process's fit of the leave set is most of
// the time).
const (
	games = "20"
	seed  = "3"
)

var (
	lexOnce   sync.Once
	lexPath   string
	tilesPath string
	lexDir    string
	refs      sync.Map // generations → table bytes
)

func lexicon(t *testing.T) string {
	lexOnce.Do(func() {
		dir, err := os.MkdirTemp("", "atril-cluster-test")
		if err != nil {
			t.Fatal(err)
		}
		lexDir = dir
		b, err := os.ReadFile(testlex.SmallKWG(t, words...))
		if err != nil {
			t.Fatal(err)
		}
		lexPath = filepath.Join(dir, "tiny.kwg")
		if err := os.WriteFile(lexPath, b, 0o644); err != nil {
			t.Fatal(err)
		}
		tilesPath = filepath.Join(dir, "small8.csv")
		if err := os.WriteFile(tilesPath, []byte(smallTiles), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	return lexPath
}

// reference is the table one `atril leaves learn` run learns from the same games.
func reference(t *testing.T, generations string) []byte {
	if b, ok := refs.Load(generations); ok {
		return b.([]byte)
	}
	out := filepath.Join(t.TempDir(), "ref.klv2")
	var stdout, stderr bytes.Buffer
	if code := cmd.Run(&cmd.IO{Out: &stdout, Err: &stderr}, []string{"leaves", "learn", "--lexicon", lexicon(t), "--tiles", tilesPath,
		"--games", games, "--generations", generations, "--seed", seed, "--workers", "2", "--out", out}); code != 0 {
		t.Fatalf("learn: exit %d: %s", code, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	refs.Store(generations, b)
	return b
}

// recipe runs a script with this binary as atril and the settings given.
func recipe(t *testing.T, env []string, script string, args ...string) string {
	t.Helper()
	c := exec.Command("bash", append([]string{script}, args...)...)
	c.Env = append(os.Environ(), append([]string{"ATRIL_MAIN=1", "ATRIL=" + os.Args[0], "LEXICON=" + lexicon(t), "ATRIL_TEST_TILES=" + tilesPath}, env...)...)
	testproc.Prepare(t, c)
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", script, args, err, out)
	}
	return string(out)
}

func same(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s differs from the table of one run of the same games", path)
	}
}

// The GNU parallel recipe, run for real on 2 local shards for 2 generations, learns the very
// table of one run; run again after a shard and the second merge are lost, it plays only that
// shard again and learns it again.
func TestParallelRecipe(t *testing.T) {
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not installed (Debian package parallel; .ci/run installs it): the recipe is not run")
	}
	t.Parallel()
	dir := t.TempDir()
	env := []string{"GAMES=" + games, "SHARDS=2", "JOBS=2", "GENERATIONS=2", "SEED=" + seed, "NICE=0"}
	recipe(t, env, "parallel.sh", dir)
	want := reference(t, "2")
	same(t, filepath.Join(dir, "table.klv2"), want)
	same(t, filepath.Join(dir, "g2.klv2"), want)

	lost := filepath.Join(dir, "g2", "shard-1.leavestats")
	keep, err := os.Stat(filepath.Join(dir, "g2", "shard-0.leavestats"))
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(lost)
	os.Remove(filepath.Join(dir, "g2.klv2"))
	out := recipe(t, env, "parallel.sh", dir)
	same(t, filepath.Join(dir, "table.klv2"), want)
	if again, err := os.Stat(filepath.Join(dir, "g2", "shard-0.leavestats")); err != nil || !again.ModTime().Equal(keep.ModTime()) {
		t.Errorf("the finished shard 0 was played again: %v", err)
	}
	if _, err := os.Stat(lost); err != nil {
		t.Errorf("the lost shard was not played again: %v\n%s", err, out)
	}
}

// The Slurm scripts, submitted by slurm/run.sh to a stand-in for sbatch that runs each job at
// once (every task of an array in turn, SLURM_ARRAY_TASK_ID set), learn the table of one run.
func TestSlurmRecipe(t *testing.T) {
	t.Parallel()
	bin := t.TempDir()
	sbatch := `#!/usr/bin/env bash
set -euo pipefail
array= exports=
while [ $# -gt 1 ]; do
	case $1 in --array=*) array=${1#--array=} ;; --export=*) exports=${1#--export=} ;; esac
	shift
done
IFS=, read -ra kv <<<"$exports"
for e in "${kv[@]}"; do [ "$e" = ALL ] || export "$e"; done
n=$(($(cat "$SBATCH_COUNTER" 2>/dev/null || echo 0) + 1))
echo $n >"$SBATCH_COUNTER"
if [ -n "$array" ]; then
	for i in $(seq "${array%-*}" "${array#*-}"); do SLURM_ARRAY_TASK_ID=$i bash "$1" >>"$SBATCH_LOG" 2>&1; done
else
	bash "$1" >>"$SBATCH_LOG" 2>&1
fi
echo "$n;cluster"
`
	if err := os.WriteFile(filepath.Join(bin, "sbatch"), []byte(sbatch), 0o755); err != nil {
		t.Fatal(err)
	}
	run := t.TempDir()
	log := filepath.Join(bin, "log")
	out := recipe(t, []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"), "SBATCH_COUNTER=" + filepath.Join(bin, "n"),
		"SBATCH_LOG=" + log, "RUN=" + run, "GAMES=" + games, "SHARDS=2", "GENERATIONS=1", "SEED=" + seed}, "slurm/run.sh")
	if !strings.Contains(out, "generation 1: shards job 1, merge job 2") {
		t.Errorf("run.sh said:\n%s", out)
	}
	b, _ := os.ReadFile(log)
	same(t, filepath.Join(run, "g1.klv2"), reference(t, "1"))
	if !strings.Contains(string(b), "Finished   2 of 2") {
		t.Errorf("the merge job's status:\n%s", b)
	}
}
