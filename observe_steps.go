package fwk

import "context"

// A tracing bundle (fwkotel) traces the steps of a request that take time
// of their own, the template render and the model loads, through
// TraceSteps, so that fwk itself depends on no tracing library.

// StepTracer traces one step of serving a request: a template render
// (step "render", name the template's file) or a model load (step "load",
// name the model type's name). It returns the context the step runs with
// (a model loader gets it) and the function that ends the step with its
// error. It is called from many goroutines at once.
type StepTracer func(ctx context.Context, step, name string) (context.Context, func(err error))

// TraceSteps makes tracer trace the template renders and the model loads
// of every request (a tracing bundle installs one: fwkotel); nil stops it.
// Without one, a render or a load pays one atomic load.
func (a *App) TraceSteps(tracer StepTracer) {
	if tracer == nil {
		a.stepTracer.Store(nil)
		return
	}
	a.stepTracer.Store(&tracer)
}

// traceStep starts a step of the request of c when a tracer is set; end
// is nil otherwise.
func (c *Ctx) traceStep(ctx context.Context, step, name string) (context.Context, func(error)) {
	t := c.app.stepTracer.Load()
	if t == nil {
		return ctx, nil
	}
	return (*t)(ctx, step, name)
}
