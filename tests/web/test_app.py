"""The dashboard application as a whole: errors, the OpenAPI schema, static files."""

from fastapi.testclient import TestClient


def test_an_unknown_page_is_a_404_page(client: TestClient) -> None:
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "<h1>404</h1>" in response.text


def test_an_unknown_api_path_is_a_json_404(client: TestClient) -> None:
    response = client.get("/api/no/such/thing")
    assert response.status_code == 404
    assert response.json() == {"detail": "Not Found"}


def test_the_openapi_schema_is_served_and_no_viewer_fetches_from_outside(
    client: TestClient,
) -> None:
    schema = client.get("/api/openapi.json").json()
    assert schema["info"]["title"] == "croupier"
    assert client.get("/docs").status_code == 404


def test_the_stylesheet_is_served_locally(client: TestClient) -> None:
    response = client.get("/static/style.css")
    assert response.status_code == 200
    assert "croupier" in response.text
