#pragma once

#include <QFutureWatcher>
#include <QMainWindow>

class QLabel;

namespace sqlmend::ui {

// The application window. Until the desktop-app work lands it only opens the demo database.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Creates the bundled demo database on a worker thread and shows where it is.
    void openDemo();

private:
    QLabel *m_status = nullptr;
    QFutureWatcher<QString> m_demoWatcher;
};

} // namespace sqlmend::ui
