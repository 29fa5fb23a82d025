/* SplitMix64 in C for the optional compiled build (`make fast`, tools/build_fast.py).
 *
 * The same generator as primetime/core/rng.py, bit for bit: rng.py uses these functions when
 * this extension has been built and its own pure-Python code otherwise.  Each function takes
 * the Rng object and reads and writes its `state` attribute (a Python int in [0, 2**64)).
 * tests/core/test_rng.py checks both against each other when the extension is present.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define GOLDEN 0x9E3779B97F4A7C15ULL

static PyObject *STATE; /* the interned attribute name "state" */

static inline uint64_t mix(uint64_t s) {
    uint64_t z = (s ^ (s >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* floor(z * n / 2**64): Lemire's multiply-shift, as rng.py's `(z * n) >> 64`. */
static inline uint64_t scale(uint64_t z, uint64_t n) {
    return (uint64_t)(((unsigned __int128)z * n) >> 64);
}

static int get_state(PyObject *rng, uint64_t *out) {
    PyObject *v = PyObject_GetAttr(rng, STATE);
    if (v == NULL) return -1;
    unsigned long long s = PyLong_AsUnsignedLongLong(v);
    Py_DECREF(v);
    if (s == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = (uint64_t)s;
    return 0;
}

static int set_state(PyObject *rng, uint64_t s) {
    PyObject *v = PyLong_FromUnsignedLongLong(s);
    if (v == NULL) return -1;
    int r = PyObject_SetAttr(rng, STATE, v);
    Py_DECREF(v);
    return r;
}

/* next64(rng) -> int: the next 64-bit output. */
static PyObject *sm_next64(PyObject *self, PyObject *rng) {
    uint64_t s;
    if (get_state(rng, &s) < 0) return NULL;
    s += GOLDEN;
    if (set_state(rng, s) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(mix(s));
}

/* below(rng, n) -> int: uniform in [0, n). */
static PyObject *sm_below(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "below(rng, n) takes 2 arguments");
        return NULL;
    }
    Py_ssize_t n = PyLong_AsSsize_t(args[1]);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n <= 0) {
        PyErr_SetString(PyExc_ValueError, "n must be positive");
        return NULL;
    }
    uint64_t s;
    if (get_state(args[0], &s) < 0) return NULL;
    s += GOLDEN;
    if (set_state(args[0], s) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(scale(mix(s), (uint64_t)n));
}

/* shuffle(rng, items) -> None: Fisher-Yates in place, j = below(i + 1) for i = len - 1 .. 1. */
static PyObject *sm_shuffle(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shuffle(rng, items) takes 2 arguments");
        return NULL;
    }
    PyObject *items = args[1];
    if (!PyList_CheckExact(items)) {
        PyErr_SetString(PyExc_TypeError, "shuffle: items must be a list");
        return NULL;
    }
    uint64_t s;
    if (get_state(args[0], &s) < 0) return NULL;
    PyObject **a = ((PyListObject *)items)->ob_item;
    for (Py_ssize_t i = PyList_GET_SIZE(items) - 1; i > 0; i--) {
        s += GOLDEN;
        Py_ssize_t j = (Py_ssize_t)scale(mix(s), (uint64_t)(i + 1));
        PyObject *t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    if (set_state(args[0], s) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"next64", (PyCFunction)sm_next64, METH_O, "next64(rng) -> the next 64-bit output"},
    {"below", (PyCFunction)(void (*)(void))sm_below, METH_FASTCALL, "below(rng, n) -> uniform int in [0, n)"},
    {"shuffle", (PyCFunction)(void (*)(void))sm_shuffle, METH_FASTCALL, "shuffle(rng, items): in place"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_splitmix", "SplitMix64 for primetime.core.rng (optional compiled build).", -1, methods,
};

PyMODINIT_FUNC PyInit__splitmix(void) {
    STATE = PyUnicode_InternFromString("state");
    if (STATE == NULL) return NULL;
    return PyModule_Create(&module);
}
