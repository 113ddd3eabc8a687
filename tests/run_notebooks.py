"""Re-execute notebooks in place, top to bottom in a fresh kernel, so committed outputs are
exactly what the engine produces now. Usage: run_notebooks.py [notebook ...] (default: all)."""
from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent


def execute(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    # The kernel's own name for itself: JupyterLab rewrites a different display name on
    # opening and so marks the notebook modified (closing it would then ask to save).
    spec = KernelSpecManager().get_kernel_spec("python3")
    nb.metadata["kernelspec"] = {"display_name": spec.display_name, "language": spec.language,
                                 "name": "python3"}
    nbformat.write(nb, path)
    print(f"executed {path}")


if __name__ == "__main__":
    paths = [Path(p).resolve() for p in sys.argv[1:]] or sorted(
        p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    for p in paths:
        execute(p)
