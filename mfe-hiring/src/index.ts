// Async boundary: module federation negotiates the shared react/react-router before bootstrap runs.
import('./bootstrap');
