//! The C ABI between the host and a plugin library.
//!
//! Rust's own ABI is not stable between compilers, so the boundary is plain C: the library
//! exports one function, [`ENTRY_SYMBOL`], returning a pointer to a static [`PluginEntry`]. The
//! host reads the table's first two fields — [`ABI_VERSION`] and the table's size — before it
//! touches anything else. All data crosses as JSON [`crate::Request`]/[`crate::Response`]
//! bytes: the host owns the request buffer for the duration of the call; the plugin allocates
//! the response [`Buffer`] and the host hands it back to the plugin's `free`.
//!
//! Plugin authors never see this module: [`crate::export_plugin!`] generates the entry point.
#![allow(unsafe_code)] // The FFI boundary itself; every block states its contract.

use crate::protocol::{Request, Response};
use crate::{Plugin, PluginError, Progress};
use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};

pub use crate::sink::ProgressSink;

/// The ABI version this crate speaks. The host refuses a library with another one.
///
/// Bump it when [`PluginEntry`]'s layout or the meaning of a message changes; adding
/// optional message fields does not need a bump (see [`crate::protocol`]).
pub const ABI_VERSION: u32 = 1;

/// The name of the function every plugin exports (`extern "C" fn() -> *const PluginEntry`).
pub const ENTRY_SYMBOL: &str = "tritium_plugin_entry";

/// The signature of [`ENTRY_SYMBOL`].
pub type EntryFn = unsafe extern "C" fn() -> *const PluginEntry;

/// `call` returned a response in `out`.
pub const STATUS_OK: u32 = 0;
/// `call` failed before it could write a response; `out` is untouched.
pub const STATUS_FAILED: u32 = 1;

/// The table a plugin exports. `#[repr(C)]`; new fields are only ever appended, and `size`
/// tells the host how many the library has.
#[repr(C)]
#[derive(Debug)]
pub struct PluginEntry {
    /// Must equal the host's [`ABI_VERSION`].
    pub abi_version: u32,
    /// `size_of::<PluginEntry>()` in the plugin's build, in bytes.
    pub size: u32,
    /// Answers one request.
    ///
    /// `request`/`request_len`: UTF-8 JSON of a [`crate::Request`], valid for the call.
    /// `progress`: null or a [`ProgressSink`] valid for the call, callable from any thread.
    /// `out`: where the plugin writes a [`Buffer`] holding a JSON [`crate::Response`] (when it
    /// returns [`STATUS_OK`]); the host frees it with `free`. Never unwinds.
    pub call: unsafe extern "C" fn(
        request: *const u8,
        request_len: usize,
        progress: *const ProgressSink,
        out: *mut Buffer,
    ) -> u32,
    /// Frees a buffer that `call` returned. Never unwinds.
    pub free: unsafe extern "C" fn(buffer: Buffer),
}

impl PluginEntry {
    /// The table for this crate's ABI around a `call` function.
    pub const fn new(
        call: unsafe extern "C" fn(*const u8, usize, *const ProgressSink, *mut Buffer) -> u32,
    ) -> Self {
        Self {
            abi_version: ABI_VERSION,
            size: size_of::<Self>() as u32,
            call,
            free: free_buffer,
        }
    }
}

/// The first fields of every [`PluginEntry`], whatever its version: what the host reads first.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct EntryHeader {
    /// [`PluginEntry::abi_version`].
    pub abi_version: u32,
    /// [`PluginEntry::size`].
    pub size: u32,
}

/// Bytes allocated by the plugin (a `Vec<u8>` taken apart), returned to it to free.
#[repr(C)]
#[derive(Debug)]
pub struct Buffer {
    /// Start of the bytes.
    pub ptr: *mut u8,
    /// Number of bytes.
    pub len: usize,
    /// Allocated capacity.
    pub cap: usize,
}

impl Buffer {
    /// A buffer holding nothing (what the host passes as `out`).
    pub const fn empty() -> Self {
        Self {
            ptr: std::ptr::null_mut(),
            len: 0,
            cap: 0,
        }
    }

    fn from_vec(bytes: Vec<u8>) -> Self {
        let mut bytes = std::mem::ManuallyDrop::new(bytes);
        Self {
            ptr: bytes.as_mut_ptr(),
            len: bytes.len(),
            cap: bytes.capacity(),
        }
    }

    /// The bytes.
    ///
    /// # Safety
    /// `self` must come from a plugin's `call` and not yet be freed.
    pub unsafe fn as_slice(&self) -> &[u8] {
        if self.ptr.is_null() {
            &[]
        } else {
            // SAFETY: per the contract, ptr/len describe a live allocation of the plugin.
            unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
        }
    }
}

unsafe extern "C" fn free_buffer(buffer: Buffer) {
    if !buffer.ptr.is_null() {
        // SAFETY: `buffer` was made by `Buffer::from_vec` in this library, freed once.
        drop(unsafe { Vec::from_raw_parts(buffer.ptr, buffer.len, buffer.cap) });
    }
}

/// The text of a caught panic.
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

/// The body of every plugin's `call` (generated by [`crate::export_plugin!`]): decodes the
/// request, builds the plugin on first use, dispatches, encodes the response. Panics anywhere
/// in there, including in the plugin's constructor, become [`PluginError::Panic`].
///
/// # Safety
/// The pointer arguments must satisfy [`PluginEntry::call`]'s contract.
#[doc(hidden)]
pub unsafe fn dispatch(
    plugin: impl FnOnce() -> &'static Plugin,
    request: *const u8,
    request_len: usize,
    progress: *const ProgressSink,
    out: *mut Buffer,
) -> u32 {
    if out.is_null() || (request.is_null() && request_len > 0) {
        return STATUS_FAILED;
    }
    // SAFETY: per the contract, the request bytes and the sink live for the call.
    let bytes = if request.is_null() {
        &[][..]
    } else {
        unsafe { std::slice::from_raw_parts(request, request_len) }
    };
    let sink = unsafe { progress.as_ref() };
    let response = catch_unwind(AssertUnwindSafe(|| {
        match serde_json::from_slice::<Request>(bytes) {
            Ok(request) => plugin().handle(request, &Progress::from_sink(sink)),
            Err(e) => Response::Error(PluginError::Malformed(format!("request: {e}"))),
        }
    }))
    .unwrap_or_else(|payload| Response::Error(PluginError::Panic(panic_message(&*payload))));
    let encoded = catch_unwind(AssertUnwindSafe(|| serde_json::to_vec(&response)));
    match encoded {
        Ok(Ok(bytes)) => {
            // SAFETY: `out` is non-null and writable per the contract.
            unsafe { out.write(Buffer::from_vec(bytes)) };
            STATUS_OK
        }
        _ => STATUS_FAILED,
    }
}

/// Exports a plugin: generates the [`ENTRY_SYMBOL`] function and its [`PluginEntry`] around
/// the expression that builds the [`Plugin`] (evaluated once, on the first request).
///
/// ```ignore
/// tritium_plugin_api::export_plugin!(
///     Plugin::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")).game(MyGame)
/// );
/// ```
///
/// The crate must be built as a `cdylib` (`[lib] crate-type = ["cdylib", "rlib"]`).
#[macro_export]
macro_rules! export_plugin {
    ($constructor:expr) => {
        /// The plugin's entry point (generated by `tritium_plugin_api::export_plugin!`).
        #[allow(unsafe_code)]
        #[unsafe(no_mangle)]
        pub extern "C" fn tritium_plugin_entry() -> *const $crate::abi::PluginEntry {
            static PLUGIN: ::std::sync::OnceLock<$crate::Plugin> = ::std::sync::OnceLock::new();

            #[allow(unsafe_code)]
            unsafe extern "C" fn call(
                request: *const u8,
                request_len: usize,
                progress: *const $crate::abi::ProgressSink,
                out: *mut $crate::abi::Buffer,
            ) -> u32 {
                // SAFETY: the host upholds `PluginEntry::call`'s contract.
                unsafe {
                    $crate::abi::dispatch(
                        || PLUGIN.get_or_init(|| $constructor),
                        request,
                        request_len,
                        progress,
                        out,
                    )
                }
            }

            static ENTRY: $crate::abi::PluginEntry = $crate::abi::PluginEntry::new(call);
            &raw const ENTRY
        }
    };
}
