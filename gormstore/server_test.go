package gormstore_test

import (
	"crypto/rand"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/glebarez/sqlite"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// The PostgreSQL tests run on one private server per test binary, started
// by TestMain on a unix socket in a temporary directory when initdb is
// installed (Debian: /usr/lib/postgresql/*/bin); each test gets a schema of
// its own. Without initdb they skip, saying why.

// pgDSN is the private server's DSN; pgSkip says why there is none.
var pgDSN, pgSkip string

func TestMain(m *testing.M) {
	stop, err := startPostgres()
	if err != nil {
		pgSkip = err.Error()
	}
	code := m.Run()
	stop()
	os.Exit(code)
}

// startPostgres starts the private server and returns how to stop it.
func startPostgres() (stop func(), err error) {
	stop = func() {}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(dirs) == 0 {
		return stop, fmt.Errorf("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb; apt-get install postgresql)")
	}
	sort.Strings(dirs)
	bin := filepath.Dir(dirs[len(dirs)-1])
	dir, err := os.MkdirTemp("", "gormstore-pg")
	if err != nil {
		return stop, err
	}
	root := os.Geteuid() == 0
	if root {
		if err := chownToPostgres(dir); err != nil {
			os.RemoveAll(dir)
			return stop, err
		}
	}
	data := filepath.Join(dir, "data")
	run := func(name string, args ...string) error {
		cmd := exec.Command(filepath.Join(bin, name), args...)
		if root { // initdb and postgres refuse to run as root
			cmd = exec.Command("runuser", append([]string{"-u", "postgres", "--", cmd.Path}, args...)...)
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s: %v\n%s", name, err, out)
		}
		return nil
	}
	if err := run("initdb", "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C"); err != nil {
		os.RemoveAll(dir)
		return stop, err
	}
	// -t: pg_ctl's wait for the server (60 s by default) is a bound, generous
	// for a busy machine; it ends as soon as the server accepts connections.
	if err := run("pg_ctl", "-D", data, "-l", filepath.Join(dir, "log"), "-w", "-t", "300",
		"-o", "-c listen_addresses='' -k "+dir+" -c fsync=off -c max_connections=100", "start"); err != nil {
		os.RemoveAll(dir)
		return stop, err
	}
	pgDSN = "postgres:///postgres?host=" + dir + "&user=postgres"
	return func() {
		_ = run("pg_ctl", "-D", data, "-m", "immediate", "stop")
		os.RemoveAll(dir)
	}, nil
}

// chownToPostgres gives dir to the postgres user.
func chownToPostgres(dir string) error {
	u, err := user.Lookup("postgres")
	if err != nil {
		return fmt.Errorf("running as root without a postgres user to run PostgreSQL as: %v", err)
	}
	var uid, gid int
	fmt.Sscan(u.Uid, &uid)
	fmt.Sscan(u.Gid, &gid)
	return os.Chown(dir, uid, gid)
}

// quiet is the GORM configuration of the tests: no SQL log.
func quiet() *gorm.Config { return &gorm.Config{Logger: logger.Discard} }

// openSQLite opens a fresh SQLite database file (one per test), closed
// when the test ends: several connections, as an app has, in WAL mode,
// transactions taking the write lock when they begin (_txlock=immediate),
// and waiting for it rather than failing at once (busy_timeout).
func openSQLite(t testing.TB) *gorm.DB {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
	db, err := gorm.Open(sqlite.Open(path+"?_txlock=immediate&_pragma=foreign_keys(1)&_pragma=busy_timeout(20000)&_pragma=journal_mode(WAL)"), quiet())
	if err != nil {
		t.Fatal(err)
	}
	closeWith(t, db)
	return db
}

// openPostgres opens the private server on a schema of the test's own,
// dropped when the test ends; it skips the test when there is no server.
func openPostgres(t testing.TB) *gorm.DB {
	t.Helper()
	if pgDSN == "" {
		t.Skip("no PostgreSQL server for this test: " + pgSkip)
	}
	admin, err := gorm.Open(postgres.Open(pgDSN), quiet())
	if err != nil {
		t.Fatal(err)
	}
	closeWith(t, admin)
	schema := "t_" + strings.ToLower(rand.Text()[:12])
	if err := admin.Exec("CREATE SCHEMA " + schema).Error; err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec("DROP SCHEMA " + schema + " CASCADE") })
	u, err := url.Parse(pgDSN)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	db, err := gorm.Open(postgres.Open(u.String()), quiet())
	if err != nil {
		t.Fatal(err)
	}
	closeWith(t, db)
	return db
}

// closeWith closes db's connections when the test ends.
func closeWith(t testing.TB, db *gorm.DB) {
	t.Helper()
	sqlDB, err := db.DB()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sqlDB.Close() })
}

// backends are the databases every store test runs on.
var backends = []struct {
	name string
	open func(testing.TB) *gorm.DB
}{
	{"sqlite", openSQLite},
	{"postgres", openPostgres},
}
