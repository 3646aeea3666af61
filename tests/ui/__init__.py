"""Tests of gamelib.ui."""
