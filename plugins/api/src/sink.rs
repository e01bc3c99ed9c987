//! [`ProgressSink`]: the host's progress callback as it crosses the C ABI. Re-exported as
//! [`crate::abi::ProgressSink`]; its own file so that [`crate::Progress`], which wraps it, and
//! the ABI table, which passes it, both build on it without importing each other.
#![allow(unsafe_code)] // A C callback: calling it and sharing it between threads.

use std::ffi::c_void;

/// The host's progress callback.
#[repr(C)]
#[derive(Debug)]
pub struct ProgressSink {
    /// Host data passed back to `report`.
    pub context: *const c_void,
    /// Called with work done and total; returns `false` to cancel the call. Must be callable
    /// from any thread at once and never unwind.
    pub report: unsafe extern "C" fn(context: *const c_void, done: u64, total: u64) -> bool,
}

// SAFETY: the contract of `report` above: the host makes `context` usable from any thread.
unsafe impl Sync for ProgressSink {}

impl ProgressSink {
    pub(crate) fn report(&self, done: u64, total: u64) -> bool {
        // SAFETY: the host guarantees `report` and `context` are valid for the call.
        unsafe { (self.report)(self.context, done, total) }
    }
}
