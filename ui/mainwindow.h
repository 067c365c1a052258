#pragma once

#include <QMainWindow>

namespace sqlmend::ui {

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;
};

} // namespace sqlmend::ui
