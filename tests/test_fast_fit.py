"""data/fit_value.py's rows from the fast engine's chance nodes are the pure replay's, float for float."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba", reason="numba is not installed (pip install 'muzlab[fast]'): the fast engine's "
                                    "chance nodes are not tested here")

FIT = Path(__file__).resolve().parents[1] / "data" / "fit_value.py"


def fit_value():
    spec = importlib.util.spec_from_file_location("fit_value", FIT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("number", range(6))
def test_the_fast_chance_nodes_give_the_pure_replays_rows(number):
    fit = fit_value()
    setting = fit.SETTINGS[number]
    games = range(40, 100) if setting[0] <= 2 else range(40)
    pure, quick = fit.pure_chunk(setting, games), fit.fast_chunk(setting, games)
    assert pure[0].shape == quick[0].shape and pure[0].shape[1:] == (setting[0], len(fit.FEATURES))
    assert np.array_equal(quick[0], pure[0]) and np.array_equal(quick[1], pure[1])
    assert len(np.unique(pure[0][:, 0, 3])) > 10 and pure[1].std() > 1  # facts and returns vary


def test_fitted_rows_give_a_model_that_predicts_the_returns():
    fit = fit_value()
    rows = {2: fit.fast_chunk(fit.SETTINGS[1], range(300))}
    model = fit.fit(rows, {"engine": "fast"})
    x, y = rows[2]
    predicted = x[:, 0] @ np.array(model.coefficients[2][0])
    assert np.corrcoef(predicted, y[:, 0])[0, 1] > 0.8 and model.info["nodes_2"] == len(x)
