package testproc

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMain makes this binary the processes of TestChildrenDieWithTheTest: a "middle" process
// that starts a sleeper, says its id and dies at once as a killed test would; and the sleeper.
func TestMain(m *testing.M) {
	switch os.Getenv("TESTPROC_MODE") {
	case "middle":
		c := exec.Command(os.Args[0], "-test.run=^$")
		c.Env = append(os.Environ(), "TESTPROC_MODE=sleeper", envParent+"="+strconv.Itoa(os.Getpid()))
		if os.Getenv("TESTPROC_HOW") == "signal" {
			c.Env = append(c.Env, "TESTPROC_WATCH=no")
			c.SysProcAttr = nil
			c = Prepare(fakeTB{}, c) // the death signal: this process is the one that dies
		}
		if err := c.Start(); err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		fmt.Println(c.Process.Pid)
		os.Exit(0) // without waiting: the sleeper is orphaned
	case "sleeper":
		if os.Getenv("TESTPROC_WATCH") != "no" {
			Watch(20 * time.Millisecond)
		}
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeTB lets the middle process use Prepare without a test (its cleanup never runs).
type fakeTB struct{ testing.TB }

func (fakeTB) Helper()        {}
func (fakeTB) Cleanup(func()) {}

// A child whose parent dies leaves within a second, by Watch or by the death signal.
func TestChildrenDieWithTheTest(t *testing.T) {
	for _, how := range []string{"watch", "signal"} {
		t.Run(how, func(t *testing.T) {
			if how == "signal" && runtime.GOOS != "linux" {
				t.Skip("only Linux has a parent-death signal")
			}
			t.Parallel()
			c := Command(t, os.Args[0], "-test.run=^$")
			c.Env = append(c.Env, "TESTPROC_MODE=middle", "TESTPROC_HOW="+how)
			out, err := c.Output()
			if err != nil {
				t.Fatal(err)
			}
			pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
			if err != nil {
				t.Fatalf("middle process said %q", out)
			}
			deadline := time.Now().Add(5 * time.Second)
			for running(pid) {
				if time.Now().After(deadline) {
					t.Fatalf("the sleeper %d still runs 5 s after its parent died", pid)
				}
				time.Sleep(10 * time.Millisecond)
			}
		})
	}
}

// running: pid exists and is not a zombie (a container's init may never reap it).
func running(pid int) bool {
	f, err := os.Open(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return !os.IsNotExist(err) && alive(pid)
	}
	defer f.Close()
	line, _ := bufio.NewReader(f).ReadString('\n')
	if i := strings.LastIndexByte(line, ')'); i >= 0 && i+2 < len(line) {
		return line[i+2] != 'Z'
	}
	return true
}

// Prepare kills a child still running when the test ends.
func TestCleanupKills(t *testing.T) {
	var c *exec.Cmd
	t.Run("start", func(t *testing.T) {
		c = Command(t, "sleep", "60")
		if err := c.Start(); err != nil {
			t.Skip(err)
		}
	})
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the child outlived its test by 5 s")
	}
}
