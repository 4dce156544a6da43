package fwk_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/fwkgo/fwk"
)

// Each key says what 0 and a negative value mean; fwk.New refuses a value
// its key does not allow, naming the key. A negative session lifetime is
// refused, on the struct as in the environment; 0 is the field left
// unset, the default.
func ExampleConfig_refused() {
	cfg := fwk.DefaultConfig()
	cfg.SessionLifetime = -time.Second
	_, err := fwk.New(cfg)
	var se *fwk.StartupError
	if errors.As(err, &se) {
		fmt.Println(se.Culprit)
	}
	fmt.Println(err)

	cfg.SessionLifetime = 0
	fmt.Println(cfg.Get("PERMANENT_SESSION_LIFETIME"))
	// Output:
	// PERMANENT_SESSION_LIFETIME
	// fwk: config: PERMANENT_SESSION_LIFETIME: -1s is negative
	// 2678400
}
